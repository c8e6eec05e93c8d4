import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorEnvelopeSchema,
  expenseInputSchema,
  expenseListQuerySchema,
  expenseMonthSchema,
  expenseRecordSchema,
  messages,
  recurringExpenseInputSchema,
  recurringExpenseRecordSchema,
  successEnvelope,
} from '@app/shared';
import { actorOf, allow } from '../../plugins/auth';
import { ok } from '../../lib/reply';
import * as service from './expenses.service';

const m = messages.expenses;
const expenseParams = z.object({ id: z.uuid({ error: () => m.notFound }) });
const recurringParams = z.object({ id: z.uuid({ error: () => m.recurring.notFound }) });
const failures = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema };
const withId = { ...failures, 404: errorEnvelopeSchema };
const common = { tags: ['expenses'], security: [{ bearerAuth: [] }] };

/** Expenses and monthly recurring expenses (issue 14); every call is scoped to the caller's library. */
const expenseRoutes: FastifyPluginAsyncZod = async (app) => {
  // Authentication comes before validation: an anonymous caller learns nothing about the inputs.
  app.addHook('onRequest', app.authenticate);
  const context: service.ExpensesContext = { db: app.db };

  app.get(
    '/expenses',
    {
      config: allow('manage'),
      schema: {
        ...common,
        summary:
          "One month's expenses (default the library's current month), newest first, with totals by category and the monthly expenses running",
        querystring: expenseListQuerySchema,
        response: { 200: successEnvelope(expenseMonthSchema), ...failures },
      },
    },
    async (request) => ok(await service.expenseMonth(context, actorOf(request), request.query)),
  );

  app.post(
    '/expenses',
    {
      config: allow('manage'),
      schema: {
        ...common,
        summary: "Add an expense (dated on or before the library's today)",
        body: expenseInputSchema,
        response: { 201: successEnvelope(expenseRecordSchema), ...failures },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await service.createExpense(context, actorOf(request), request.body), m.added)),
  );

  app.put(
    '/expenses/:id',
    {
      config: allow('manage'),
      schema: {
        ...common,
        summary: 'Change an expense',
        params: expenseParams,
        body: expenseInputSchema,
        response: { 200: successEnvelope(expenseRecordSchema), 409: errorEnvelopeSchema, ...withId },
      },
    },
    async (request) =>
      ok(await service.updateExpense(context, actorOf(request), request.params.id, request.body), m.updated),
  );

  app.delete(
    '/expenses/:id',
    {
      config: allow('deletes'),
      schema: {
        ...common,
        summary: 'Delete an expense (an entry of a monthly expense is not made again)',
        params: expenseParams,
        response: { 200: successEnvelope(z.null()), ...withId },
      },
    },
    async (request) => {
      await service.deleteExpense(context, actorOf(request), request.params.id);
      return ok(null, m.deleted);
    },
  );

  app.post(
    '/expenses/recurring',
    {
      config: allow('manage'),
      schema: {
        ...common,
        summary:
          'Add a monthly expense: an entry on its day of each month from its starting month (those already due are made at once)',
        body: recurringExpenseInputSchema,
        response: { 201: successEnvelope(recurringExpenseRecordSchema), ...failures },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(await service.createRecurring(context, actorOf(request), request.body), m.recurring.added)),
  );

  app.put(
    '/expenses/recurring/:id',
    {
      config: allow('manage'),
      schema: {
        ...common,
        summary: "Change a monthly expense's next entries (entries made stay as they are)",
        params: recurringParams,
        body: recurringExpenseInputSchema,
        response: { 200: successEnvelope(recurringExpenseRecordSchema), ...withId },
      },
    },
    async (request) =>
      ok(
        await service.updateRecurring(context, actorOf(request), request.params.id, request.body),
        m.recurring.updated,
      ),
  );

  app.delete(
    '/expenses/recurring/:id',
    {
      config: allow('deletes'),
      schema: {
        ...common,
        summary: 'Stop a monthly expense (entries made stay)',
        params: recurringParams,
        response: { 200: successEnvelope(z.null()), ...withId },
      },
    },
    async (request) => {
      await service.stopRecurring(context, actorOf(request), request.params.id);
      return ok(null, m.recurring.stopped);
    },
  );
};

export default expenseRoutes;
