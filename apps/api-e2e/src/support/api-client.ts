// The client lives in @quarry/testing, shared with the benchmark runner (apps/bench).
export { type ApiResponse, call } from '@quarry/testing';
