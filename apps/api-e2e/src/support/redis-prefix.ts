// Lives in @quarry/testing, shared with the benchmark runner (apps/bench).
export { deleteRedisPrefix } from '@quarry/testing';
