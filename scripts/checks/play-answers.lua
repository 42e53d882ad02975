-- wrk script for scripts/benchmark-play: POSTs answers for a pool of sessions made beforehand
-- (their ids, one a line, in the file given after `--`, then the number of wrk threads, then the
-- turn on screen in every session, 1 unless given: 2 when the first answers were sent). Each
-- thread takes every n-th session and answers them in turn, turn 1, 2, 3, … of each, so a
-- session's next answer is sent only after the whole of the thread's share was answered once
-- (the pool is ten times the connections, so an answer is sent only after the previous answer
-- of its session came back; were it not, the server would refuse it, 409, counted below).
--
-- wrk calls request() once more, on the first thread, to check the request's form before the run
-- (script_verify_request in wrk.c), and never sends that request. Counted as sent, it left that
-- thread's first session at turn 1 while every later answer to it named turn 2, 3, …: each one
-- refused with 409 ("turn N has not been shown"), the 4 of the first wrk figures. So the first
-- thread's first call builds a request and changes nothing.
local sessions, turns = {}, {}
local next_index = 0
local verifying = false
local counter = 0
local threads = {}
refused = {}

function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
  threads[#threads + 1] = thread
end

function response(status, headers, body)
  if status >= 300 then
    refused[status] = (refused[status] or 0) + 1
  end
end

function init(args)
  verifying = id == 0
  local threads = tonumber(args[2])
  local first_turn = tonumber(args[3] or "1")
  local index = 0
  for line in io.lines(args[1]) do
    if index % threads == id then
      sessions[#sessions + 1] = line
      turns[#turns + 1] = first_turn
    end
    index = index + 1
  end
end

function request()
  local index = next_index % #sessions + 1
  local turn = turns[index]
  if verifying then
    verifying = false
  else
    next_index = index
    turns[index] = turn + 1
  end
  local body = string.format('{"turn":%d,"choice":"a","rt":500}', turn)
  return wrk.format("POST", "/api/sessions/" .. sessions[index] .. "/answers",
    { ["Content-Type"] = "application/json" }, body)
end

function done(summary, latency, requests)
  io.write(string.format("wrk: %d answers, %d errors (status %d, timeout %d)\n", summary.requests,
    summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write +
      summary.errors.timeout, summary.errors.status, summary.errors.timeout))
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("refused")) do
      io.write(string.format("wrk: %d answers refused with status %d\n", count, status))
    end
  end
end
