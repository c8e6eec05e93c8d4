import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** Answers up to this long are sent as one string; longer ones piece by piece. */
const ONE_STRING_MAX = 64 * 1024;

/**
 * Sends an answer in the success envelope (`{ status: true, message, data }`, lib/reply.ts's `ok`)
 * whose `data` is JSON text PostgreSQL has already written, in pieces that follow each other
 * (`dataPieces` joined is the JSON of `data`). Fastify sends a string or a stream with a JSON
 * content type as it is, so the route's response schema documents this answer but is not run
 * over it: use it only where the SQL names every field of `data` itself (nothing private can
 * reach the answer) and a test holds the answer to the schema.
 *
 * Meant for the answers that carry a whole library's seats (16,000 and more at the largest, 4 MB
 * of JSON): parsing them into objects, checking each and writing them out again took Node about as
 * long as PostgreSQL took to find them (issue 18, docs/performance.md). Their pieces are a few
 * hundred seats each (a row per area), so neither node-postgres's read buffer (which doubles up to
 * the size of the largest row) nor the answer is ever one buffer of megabytes: a long answer is
 * streamed piece by piece instead of being joined and copied into one.
 */
export function sendDataJson(reply: FastifyReply, dataPieces: string[], message = 'OK'): FastifyReply {
  const pieces = [`{"status":true,"message":${JSON.stringify(message)},"data":`, ...dataPieces, '}'];
  let length = 0;
  for (const piece of pieces) length += piece.length;
  void reply.type('application/json; charset=utf-8');
  return reply.send(length <= ONE_STRING_MAX ? pieces.join('') : Readable.from(pieces, { objectMode: false }));
}

/**
 * The JSON text of an array, in pieces, from rows whose `elements` are each some of its
 * elements' JSON, comma separated (string_agg of row_to_json): `[`, the rows' elements with the
 * commas between rows, `]`.
 */
export function jsonArrayPieces(rows: Array<{ elements: string }>): string[] {
  return ['[', ...rows.map((row, index) => (index === 0 ? row.elements : `,${row.elements}`)), ']'];
}
