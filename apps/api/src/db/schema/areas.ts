import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { libraries } from './libraries';

export const areas = pgTable(
  'areas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    libraryId: uuid('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    location: text('location'),
    totalSeats: integer('total_seats').notNull(),
    status: text('status').notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('areas_library_name_unique').on(table.libraryId, sql`lower(${table.name})`),
    check('areas_total_seats_check', sql`${table.totalSeats} between 1 and 999`),
    check('areas_status_check', sql`${table.status} in ('active', 'inactive', 'maintenance')`),
  ],
);

export const seats = pgTable(
  'seats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    libraryId: uuid('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    areaId: uuid('area_id')
      .notNull()
      .references(() => areas.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    capacity: integer('capacity').notNull().default(1),
    status: text('status').notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('seats_area_name_unique').on(table.areaId, sql`lower(${table.name})`),
    index('seats_library_area_idx').on(table.libraryId, table.areaId),
    check('seats_capacity_check', sql`${table.capacity} between 1 and 99`),
    check('seats_status_check', sql`${table.status} in ('active', 'inactive')`),
  ],
);
