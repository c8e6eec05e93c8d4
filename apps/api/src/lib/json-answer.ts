import type { FastifyReply } from 'fastify';

/**
 * Sends an answer in the success envelope (`{ status: true, message, data }`, lib/reply.ts's `ok`)
 * whose `data` is JSON text PostgreSQL has already written. Fastify sends a string with a JSON
 * content type as it is, so the route's response schema documents this answer but is not run
 * over it: use it only where the SQL names every field of `data` itself (nothing private can
 * reach the answer) and a test holds the answer to the schema. Meant for the answers that carry
 * a whole library's seats (16,000 and more at the largest): parsing them into objects, checking
 * each and writing them out again took Node about as long as PostgreSQL took to find them
 * (issue 18, docs/performance.md).
 */
export function sendDataJson(reply: FastifyReply, dataJson: string, message = 'OK'): FastifyReply {
  return reply
    .type('application/json; charset=utf-8')
    .send(`{"status":true,"message":${JSON.stringify(message)},"data":${dataJson}}`);
}
