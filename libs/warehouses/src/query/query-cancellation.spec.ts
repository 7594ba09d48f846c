import { QueryCancellation } from './query-cancellation';

describe('QueryCancellation', () => {
  it('cancels the warehouse query once when the signal aborts, and reports a cancellation', () => {
    const controller = new AbortController();
    const cancellation = QueryCancellation.watch({ signal: controller.signal });
    const cancel = jest.fn();
    cancellation.onStop(cancel);
    controller.abort();
    controller.abort();
    expect(cancel).toHaveBeenCalledTimes(1);
    expect(cancellation.reason).toBe('cancelled');
    expect(() => cancellation.throwIfStopped()).toThrow('The query was cancelled');
    expect(cancellation.explain(new Error('driver said interrupted'))).toMatchObject({
      name: 'WarehouseQueryError',
      data: { reason: 'cancelled' },
    });
    cancellation.dispose();
  });

  it('cancels on timeout and says so', async () => {
    const cancellation = QueryCancellation.watch({ timeoutMs: 10 });
    const cancel = jest.fn();
    cancellation.onStop(cancel);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(cancel).toHaveBeenCalledTimes(1);
    expect(cancellation.explain(new Error('x'))).toMatchObject({ data: { reason: 'timeout', timeoutMs: 10 } });
    cancellation.dispose();
  });

  it('calls a cancel registered after the stop at once', () => {
    const controller = new AbortController();
    const cancellation = QueryCancellation.watch({ signal: controller.signal });
    controller.abort();
    const cancel = jest.fn();
    cancellation.onStop(cancel);
    expect(cancel).toHaveBeenCalledTimes(1);
  });

  it('passes other failures through and forgets the signal once disposed', () => {
    const controller = new AbortController();
    const cancellation = QueryCancellation.watch({ signal: controller.signal, timeoutMs: 1000 });
    const failure = new Error('syntax error');
    expect(cancellation.explain(failure)).toBe(failure);
    const cancel = jest.fn();
    cancellation.onStop(cancel);
    cancellation.dispose();
    controller.abort();
    expect(cancel).not.toHaveBeenCalled();
  });

  it('swallows a failing cancel (the query then settles on its own)', () => {
    const controller = new AbortController();
    const cancellation = QueryCancellation.watch({ signal: controller.signal });
    cancellation.onStop(() => Promise.reject(new Error('cancel failed')));
    expect(() => controller.abort()).not.toThrow();
  });

  it('refuses to start on an aborted signal', () => {
    expect(() => QueryCancellation.watch({ signal: AbortSignal.abort() })).toThrow('The query was cancelled');
  });
});
