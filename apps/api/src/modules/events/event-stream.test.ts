import type { ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { EventStream, toWireBatch, toWireEvent } from './event-stream';

/** An answer whose bytes are kept in memory: what the stream wrote, in order. */
function memoryAnswer() {
  const chunks: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return {
    raw: sink as unknown as ServerResponse,
    ids: () =>
      chunks
        .join('')
        .match(/(?<=^id: )\d+/gm)
        ?.map(Number) ?? [],
  };
}

const event = (id: number) => toWireEvent({ id, type: 'lead.updated', data: `{"n":${id}}` });

const openStream = (raw: ServerResponse, sentId: number) =>
  new EventStream(raw, {
    owner: { sessionId: 's', userId: 'u' },
    sentId,
    maxBufferedBytes: 1 << 20,
    onEnd: () => {},
  });

describe('EventStream', () => {
  it('writes the replayed events before live ones that arrived during the replay, each once, in order', async () => {
    const answer = memoryAnswer();
    const stream = openStream(answer.raw, 8);
    stream.hold();
    // A live event arrives while the log is still being read for the reconnecting client.
    stream.sendBatch(toWireBatch([event(13)]));
    for (const id of [9, 10, 11, 12]) stream.replay(event(id));
    stream.sendBatch(toWireBatch([event(12), event(13), event(14)]));
    stream.release();
    stream.send(event(14));
    stream.sendBatch(toWireBatch([event(15), event(16)]));
    await new Promise((resolve) => setImmediate(resolve));
    expect(answer.ids()).toEqual([9, 10, 11, 12, 13, 14, 15, 16]);
  });

  it('skips what the client already has', async () => {
    const answer = memoryAnswer();
    const stream = openStream(answer.raw, 20);
    stream.sendBatch(toWireBatch([event(19), event(20), event(21)]));
    stream.send(event(21));
    await new Promise((resolve) => setImmediate(resolve));
    expect(answer.ids()).toEqual([21]);
  });
});
