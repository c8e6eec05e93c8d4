import fp from 'fastify-plugin';
import type { Database } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** Key for signatures and encryption; features derive their own keys from it. */
    appSecret: string;
  }
}

/** Makes the Drizzle database (`app.db`) and the app secret available to every module. */
export default fp<{ db: Database; appSecret: string }>(
  async (app, { db, appSecret }) => {
    app.decorate('db', db);
    app.decorate('appSecret', appSecret);
  },
  { name: 'db' },
);
