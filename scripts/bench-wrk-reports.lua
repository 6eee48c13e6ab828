-- wrk script for scripts/bench-rollouts: POST /reports, each request from another client network.
-- Arguments after `--`: <channel> <release> <cohort> [<x-forwarded-for prefix>]. Without a prefix, each
-- request names its own /24 in 10.0.0.0/8 (X-Forwarded-For, from the trusted loopback): 32,768 networks a
-- thread, so no network reaches the hourly cap of 200 before 13 million reports (and the 65,536 stay under
-- the 100,000 networks the server tracks an hour); with one (`10.9.9`), every request comes from that one
-- /24: a flood.
-- done() is bench-wrk-report.lua's, loaded from beside this file, so every run reports the same line.

dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "") .. "bench-wrk-report.lua")

local pool = {}
local pool_size = 32768
local next_index = 1
local threads_started = 0

function setup(thread)
  threads_started = threads_started + 1
  thread:set("bench_thread", threads_started)
end

function init(args)
  local channel, release, cohort, prefix = args[1], args[2], args[3], args[4]
  assert(channel and release and cohort, "usage: -- <channel> <release> <cohort> [<prefix>]")
  local body = string.format(
    '{"channel":"%s","release":%s,"cohort":%s,"outcomes":[{"pack":"ranged","sha256":"%s","result":"installed"}]}',
    channel, release, cohort, string.rep("0", 64))
  local thread = bench_thread or 1
  for i = 1, pool_size do
    local address
    if prefix then
      address = string.format("%s.%d", prefix, i % 250 + 1)
    else
      local network = (thread - 1) * pool_size + i - 1
      address = string.format("10.%d.%d.1", math.floor(network / 256) % 256, network % 256)
    end
    local headers = { ["Content-Type"] = "application/json", ["X-Forwarded-For"] = address }
    pool[i] = wrk.format("POST", "/reports", headers, body)
  end
end

function request()
  local r = pool[next_index]
  next_index = next_index % pool_size + 1
  return r
end
