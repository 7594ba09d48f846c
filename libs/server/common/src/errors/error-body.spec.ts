import { BadRequestException, NotFoundException } from '@nestjs/common';
import { ForbiddenError, NotFoundError } from '@quarry/domain';

import { describeError } from './error-body';

describe('describeError', () => {
  it('maps Quarry errors to their status and keeps their data', () => {
    const described = describeError(new NotFoundError('Space not found', { spaceUuid: 'x' }));
    expect(described.statusCode).toBe(404);
    expect(described.body).toEqual({
      status: 'error',
      error: { statusCode: 404, name: 'NotFoundError', message: 'Space not found', data: { spaceUuid: 'x' } },
    });
    expect(describeError(new ForbiddenError()).statusCode).toBe(403);
  });

  it('maps Nest HTTP exceptions, such as an unknown route', () => {
    const described = describeError(new NotFoundException('Cannot GET /api/v1/nowhere'));
    expect(described.body.error).toMatchObject({ statusCode: 404, name: 'NotFoundError', message: 'Cannot GET /api/v1/nowhere' });
    expect(describeError(new BadRequestException('bad')).body.error.name).toBe('ParameterError');
  });

  it('maps exposed middleware errors such as malformed JSON', () => {
    const parseError = Object.assign(new SyntaxError('Unexpected token'), { status: 400, expose: true, type: 'entity.parse.failed' });
    const described = describeError(parseError);
    expect(described.statusCode).toBe(400);
    expect(described.body.error.message).toMatch(/not valid JSON/);
  });

  it('hides unexpected errors behind an error id', () => {
    const described = describeError(new TypeError('secret internals at /srv/app.js:10'));
    expect(described.statusCode).toBe(500);
    expect(described.errorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(described.body.error.message).not.toMatch(/secret/);
    expect(described.body.error.data).toEqual({ errorId: described.errorId });
  });
});
