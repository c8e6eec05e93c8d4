import fp from 'fastify-plugin';
import type { Database } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

/** Makes the Drizzle database available to every module as `app.db`. */
export default fp<{ db: Database }>(
  async (app, { db }) => {
    app.decorate('db', db);
  },
  { name: 'db' },
);
