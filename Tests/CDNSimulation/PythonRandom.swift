/// CPython's `random.Random(seed).random()`: the Mersenne Twister (MT19937) seeded with `init_by_array` from
/// the seed's 32-bit words, and 53-bit doubles from two outputs. scripts/bench-cdn was Python; with the same
/// generator a `--seed` picks the same devices (kinds, on-demand packs, interruptions) as it did there, so
/// runs before and after the move to Swift compare device for device.
package struct PythonRandom: Sendable {
    private var state = [UInt32](repeating: 0, count: 624)
    private var index = 625

    package init(seed: Int) {
        var key: [UInt32] = []
        var rest = seed.magnitude
        repeat {
            key.append(UInt32(truncatingIfNeeded: rest))
            rest >>= 32
        } while rest > 0
        seedByArray(key)
    }

    private mutating func seedGenerator(_ seed: UInt32) {
        state[0] = seed
        for i in 1..<624 {
            state[i] = 1_812_433_253 &* (state[i - 1] ^ (state[i - 1] >> 30)) &+ UInt32(i)
        }
        index = 624
    }

    private mutating func seedByArray(_ key: [UInt32]) {
        seedGenerator(19_650_218)
        var i = 1
        var j = 0
        for _ in 0..<max(624, key.count) {
            state[i] = (state[i] ^ ((state[i - 1] ^ (state[i - 1] >> 30)) &* 1_664_525)) &+ key[j] &+ UInt32(j)
            i += 1
            j += 1
            if i >= 624 {
                state[0] = state[623]
                i = 1
            }
            if j >= key.count { j = 0 }
        }
        for _ in 0..<623 {
            state[i] = (state[i] ^ ((state[i - 1] ^ (state[i - 1] >> 30)) &* 1_566_083_941)) &- UInt32(i)
            i += 1
            if i >= 624 {
                state[0] = state[623]
                i = 1
            }
        }
        state[0] = 0x8000_0000
    }

    private mutating func next() -> UInt32 {
        if index >= 624 {
            for k in 0..<624 {
                let y = (state[k] & 0x8000_0000) | (state[(k + 1) % 624] & 0x7fff_ffff)
                state[k] = state[(k + 397) % 624] ^ (y >> 1) ^ (y & 1 == 0 ? 0 : 0x9908_b0df)
            }
            index = 0
        }
        var y = state[index]
        index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9d2c_5680
        y ^= (y << 15) & 0xefc6_0000
        y ^= y >> 18
        return y
    }

    /// A double in [0, 1), as Python's `random()`.
    package mutating func random() -> Double {
        let a = Double(next() >> 5)
        let b = Double(next() >> 6)
        return (a * 67_108_864 + b) * (1.0 / 9_007_199_254_740_992)
    }
}
