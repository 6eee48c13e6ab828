import FuzzDriver

// `fuzz` (SignedManifestFuzzer.swift) under libFuzzer's driver: a SwiftPM executable has a `main` of its own.
runFuzzer(fuzz)
