-- wrk script for scripts/benchmark-play: GETs the images of the turns on screen of a pool of
-- sessions made beforehand (the paths, one a line, in the file given after `--`), each
-- connection going round the pool from its own place. The turns stay on screen (nobody
-- answers them), so every request is a real image of a live turn.
local paths = {}
local next_index = 1

function init(args)
  for line in io.lines(args[1]) do
    paths[#paths + 1] = line
  end
  next_index = math.random(#paths)
end

function request()
  next_index = next_index % #paths + 1
  return wrk.format("GET", paths[next_index])
end

function done(summary, latency, requests)
  io.write(string.format("wrk: %d requests, %d errors (status %d, timeout %d)\n", summary.requests,
    summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write +
      summary.errors.timeout, summary.errors.status, summary.errors.timeout))
end
