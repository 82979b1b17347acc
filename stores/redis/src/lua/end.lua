-- Forgets a session, unless an update holds its lease (the caller tries
-- again when it ends).
--
-- KEYS: the session's hash, its lease, the index of sessions
-- ARGV: member
-- Returns {'ok'} | {'busy', ms left on the lease}
if redis.call('EXISTS', KEYS[2]) == 1 then
  return {'busy', tostring(redis.call('PTTL', KEYS[2]))}
end
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[3], ARGV[1])
return {'ok'}
