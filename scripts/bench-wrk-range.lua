-- wrk script for scripts/bench: GET <path> with a random 4 KiB Range per request.
-- Arguments after `--`: <file size in bytes> [<range length, default 4096>].
-- Each thread pre-builds a pool of requests with random offsets so Lua string building does not
-- compete with the server for the (shared) CPU; the pool is larger than the number of connections,
-- so consecutive requests on a connection ask for different ranges.
-- done() is bench-wrk-report.lua's, loaded from beside this file, so both runs report the same line.

dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "") .. "bench-wrk-report.lua")

local pool = {}
local pool_size = 8192
local next_index = 1
local threads_started = 0  -- counted in the main Lua state (setup)

function setup(thread)
  threads_started = threads_started + 1
  thread:set("bench_thread", threads_started)
end

function init(args)
  local size = tonumber(args[1])
  local length = tonumber(args[2] or "4096")
  assert(size and size >= length, "usage: -- <file size> [<range length>]")
  math.randomseed(os.time() * 1000 + (bench_thread or 0))
  local path = wrk.path
  for i = 1, pool_size do
    local first = math.random(0, size - length)
    local headers = { ["Range"] = string.format("bytes=%d-%d", first, first + length - 1) }
    pool[i] = wrk.format("GET", path, headers)
  end
end

function request()
  local r = pool[next_index]
  next_index = next_index % pool_size + 1
  return r
end
