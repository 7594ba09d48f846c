import 'reflect-metadata';

import { Get, HttpCode, StreamableFile } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';

import { Enveloped } from './enveloped.decorator';

class Routes {
  constructor(private readonly answer: number) {}

  // The route's own decorators on both sides: below Enveloped (applied first) and above it.
  @Get('answer')
  @Enveloped()
  @HttpCode(201)
  async answerOf(): Promise<number> {
    return this.answer;
  }

  @Enveloped()
  file(): StreamableFile {
    return new StreamableFile(Buffer.from('x'));
  }

  @Enveloped()
  fails(): never {
    throw new Error('refused');
  }
}

describe('Enveloped', () => {
  const routes = new Routes(42);

  it('wraps the result, with `this` the controller', async () => {
    await expect(routes.answerOf()).resolves.toEqual({ status: 'ok', results: 42 });
  });

  it('keeps the metadata of decorators on either side', () => {
    const handler = Routes.prototype.answerOf;
    expect(Reflect.getMetadata(PATH_METADATA, handler)).toBe('answer');
    expect(Reflect.getMetadata(METHOD_METADATA, handler)).toBeDefined();
    expect(Reflect.getMetadata('__httpCode__', handler)).toBe(201);
    expect(handler.name).toBe('answerOf');
  });

  it('lets a file download and an error through as they are', async () => {
    await expect(routes.file()).resolves.toBeInstanceOf(StreamableFile);
    await expect(routes.fails()).rejects.toThrow('refused');
  });
});
