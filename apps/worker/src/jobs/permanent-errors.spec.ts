import { NotFoundError, ParameterError, WarehouseConnectionError, WarehouseQueryError } from '@quarry/domain';

import { isPermanentJobError } from './permanent-errors';

describe('which job errors retrying cannot fix', () => {
  it('bad requests, missing projects and SQL errors fail at once', () => {
    expect(isPermanentJobError(new ParameterError('bad'))).toBe(true);
    expect(isPermanentJobError(new NotFoundError('gone'))).toBe(true);
    expect(isPermanentJobError(new WarehouseQueryError('column "x" does not exist'))).toBe(true);
  });

  it('timeouts, cancellations, connection errors and unknown errors keep their retries', () => {
    expect(isPermanentJobError(new WarehouseQueryError('did not finish', { reason: 'timeout', timeoutMs: 10 }))).toBe(false);
    expect(isPermanentJobError(new WarehouseConnectionError('refused'))).toBe(false);
    expect(isPermanentJobError(new Error('ECONNRESET'))).toBe(false);
  });
});
