-- The second half of an update: writes the value if the lease is still
-- the caller's (taken by acquire.lua), within the session's byte cap, and
-- lets the lease go. A lease that expired (the caller stalled past it) or
-- was taken since writes nothing: no update is lost.
--
-- KEYS: the session's hash, its lease, the index of sessions
-- ARGV: token, session id, value field, 'set' or 'del', value, format,
--       max bytes, max idle ms, member
-- Returns {'ok'} | {'lost'} | {'large', bytes it would hold} |
--         {'newer', format}
local hash, lease, index = KEYS[1], KEYS[2], KEYS[3]
if redis.call('GET', lease) ~= ARGV[1] then
  return {'lost'}
end
redis.call('DEL', lease)
local id, field, member = ARGV[2], ARGV[3], ARGV[9]
local head = redis.call('HMGET', hash, 'id', 'b', field, 'f')
if head[4] and (tonumber(head[4]) or math.huge) > tonumber(ARGV[6]) then
  return {'newer', head[4]}
end
if head[1] and head[1] ~= id then
  -- Another id's entry under this id's key: this session starts afresh.
  redis.call('DEL', hash)
  head = {false, false, false, false}
end
local rest = (tonumber(head[2]) or 0) - (head[3] and #head[3] or 0)
if ARGV[4] == 'del' then
  if not head[1] then
    redis.call('ZREM', index, member)
    return {'ok'}
  end
  redis.call('HDEL', hash, field)
  redis.call('HSET', hash, 'b', rest)
else
  local total = rest + #ARGV[5]
  if total > tonumber(ARGV[7]) then
    if not head[1] then
      redis.call('ZREM', index, member)
    end
    return {'large', tostring(total)}
  end
  redis.call('HSET', hash, 'id', id, 'f', ARGV[6], 'b', total, field, ARGV[5])
end
local time = redis.call('TIME')
redis.call('PEXPIRE', hash, ARGV[8])
redis.call('ZADD', index, tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000), member)
return {'ok'}
