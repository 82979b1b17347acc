-- Lets a lease go if it is still the caller's: an update whose change
-- failed, or that gave up at its deadline. A new session that kept no
-- value gives its place in the index back.
--
-- KEYS: the session's hash, its lease, the index of sessions
-- ARGV: token, member
if redis.call('GET', KEYS[2]) == ARGV[1] then
  redis.call('DEL', KEYS[2])
  if redis.call('EXISTS', KEYS[1]) == 0 then
    redis.call('ZREM', KEYS[3], ARGV[2])
  end
end
return {'ok'}
