import { describe, expect, it } from 'vitest';
import { SseParser, type SseEvent } from '../../src/services/llm/sse-parser';

/** Feeds `bytes` cut at `cuts` (byte offsets) and returns the events in order. */
function parse(bytes: Buffer, cuts: number[] = []): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = new SseParser((event) => events.push(event));
  let start = 0;
  for (const cut of [...cuts, bytes.length]) {
    parser.push(bytes.subarray(start, cut));
    start = cut;
  }
  return events;
}

const data = (...values: string[]) => values.map((value) => ({ data: value, event: undefined }));

describe('SseParser', () => {
  const stream = Buffer.from('data: {"a":1}\n\ndata: {"b":"二"}\n\n: keep-alive\n\ndata: [DONE]\n\n');
  const expected = data('{"a":1}', '{"b":"二"}', '[DONE]');

  it('parses whole events and skips comments', () => {
    expect(parse(stream)).toEqual(expected);
  });

  it('gives the same events wherever the bytes are cut, even inside a UTF-8 character', () => {
    // "二" is three bytes; every single cut position and every pair of positions is tried.
    for (let i = 0; i <= stream.length; i++) {
      expect(parse(stream, [i]), `cut at ${i}`).toEqual(expected);
      for (let j = i; j <= stream.length; j += 3) expect(parse(stream, [i, j]), `cuts ${i},${j}`).toEqual(expected);
    }
  });

  it('delivers bytes one at a time', () => {
    const cuts = Array.from({ length: stream.length - 1 }, (_, i) => i + 1);
    expect(parse(stream, cuts)).toEqual(expected);
  });

  it('accepts CRLF and bare CR line ends, also when a CRLF is split between chunks', () => {
    // A CRLF read as two line ends would end the first event after its first data line.
    const crlf = Buffer.from('data: one\r\ndata: 1\r\n\r\ndata: two\r\n\r\n');
    expect(parse(crlf)).toEqual(data('one\n1', 'two'));
    for (let i = 0; i <= crlf.length; i++) expect(parse(crlf, [i]), `cut at ${i}`).toEqual(data('one\n1', 'two'));
    expect(parse(Buffer.from('data: one\r\rdata: two\r\r'))).toEqual(data('one', 'two'));
  });

  it('joins multi-line data with newlines and keeps the event name', () => {
    const text = 'event: error\ndata: {"error":\ndata:  {"message":"x"}}\nid: 7\nretry: 10\n\n';
    expect(parse(Buffer.from(text))).toEqual([{ event: 'error', data: '{"error":\n {"message":"x"}}' }]);
  });

  it('strips exactly one space after the colon, and treats a bare field name as empty', () => {
    expect(parse(Buffer.from('data:x\n\ndata:  y\n\ndata\n\n'))).toEqual(data('x', ' y', ''));
  });

  it('dispatches nothing for comments alone, and drops an event the stream ended in', () => {
    expect(parse(Buffer.from(': ping\n\n: ping\n\n'))).toEqual([]);
    expect(parse(Buffer.from('data: complete\n\ndata: cut off'))).toEqual(data('complete'));
  });

  it('does not keep the chunk it was given alive through a partial line', () => {
    const chunk = Buffer.from('data: partial');
    const events: SseEvent[] = [];
    const parser = new SseParser((event) => events.push(event));
    parser.push(chunk);
    chunk.fill(0x20);
    parser.push(Buffer.from('\n\n'));
    expect(events).toEqual(data('partial'));
  });
});
