-- The first half of an update: takes the session's lease and reads the
-- value, in one step. A new session first makes room in the index (the
-- idle go, then the least recently updated that are not active, never one
-- whose lease is held), or is turned away when every session kept is
-- active. The second half is commit.lua.
--
-- KEYS: the session's hash, its lease, the index of sessions
-- ARGV: token, lease ms, value field, format, member, key prefix,
--       max sessions, max idle ms, active ms
-- Returns {'busy', ms left on the lease} | {'newer', format} |
--         {'full', sessions kept} | {'held', id or nil, value or nil}
local hash, lease, index = KEYS[1], KEYS[2], KEYS[3]
local token, field = ARGV[1], ARGV[3]
local held = redis.call('GET', lease)
if held and held ~= token then
  return {'busy', tostring(redis.call('PTTL', lease))}
end
local head = redis.call('HMGET', hash, 'id', 'f', field)
if head[2] and (tonumber(head[2]) or math.huge) > tonumber(ARGV[4]) then
  return {'newer', head[2]}
end
if not head[1] then
  local member, prefix = ARGV[5], ARGV[6]
  local max_sessions = tonumber(ARGV[7])
  local time = redis.call('TIME')
  local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
  local function forget(other)
    if redis.call('EXISTS', prefix .. 'l:' .. other) == 1 then
      return false
    end
    redis.call('DEL', prefix .. 's:' .. other)
    redis.call('ZREM', index, other)
    return true
  end
  -- A place already taken (an update that kept nothing) is taken again.
  if not redis.call('ZSCORE', index, member) then
    local idle = redis.call('ZRANGEBYSCORE', index, '-inf', now - tonumber(ARGV[8]), 'LIMIT', 0, 100)
    for _, other in ipairs(idle) do
      forget(other)
    end
    local count = redis.call('ZCARD', index)
    if count >= max_sessions then
      local old = redis.call('ZRANGEBYSCORE', index, '-inf', now - tonumber(ARGV[9]),
        'LIMIT', 0, count - max_sessions + 17)
      for _, other in ipairs(old) do
        if count < max_sessions then
          break
        end
        if forget(other) then
          count = count - 1
        end
      end
      if count >= max_sessions then
        return {'full', tostring(count)}
      end
    end
  end
  redis.call('ZADD', index, now, member)
end
redis.call('SET', lease, token, 'PX', ARGV[2])
return {'held', head[1] or false, head[3] or false}
