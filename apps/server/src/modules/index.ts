import type { FastifyInstance } from 'fastify';
import type { Deps } from '../lib/context.ts';
import { adminRoutes } from './admin/admin.routes.ts';
import { auditRoutes } from './audit/audit.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { catalogRoutes } from './catalog/catalog.routes.ts';
import { chatRoutes } from './chat/chat.routes.ts';
import { debtsRoutes } from './debts/debts.routes.ts';
import { documentsRoutes } from './documents/documents.routes.ts';
import { eventsRoutes } from './events/events.routes.ts';
import { financeRoutes } from './finance/finance.routes.ts';
import { ratesRoutes } from './finance/rates.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { importsRoutes } from './imports/imports.routes.ts';
import { inventoryRoutes } from './inventory/inventory.routes.ts';
import { notificationsRoutes } from './notifications/notifications.routes.ts';
import { offersRoutes } from './offers/offers.routes.ts';
import { productionRoutes } from './production/production.routes.ts';
import { reportsRoutes } from './reports/reports.routes.ts';
import { shiftsRoutes } from './shifts/shifts.routes.ts';
import { telegramRoutes } from './telegram/telegram.routes.ts';
import { adminUsersRoutes } from './users/admin-users.routes.ts';
import { usersRoutes } from './users/users.routes.ts';

/** Every module's routes, mounted under /api/. */
export const MODULE_ROUTES: Array<(app: FastifyInstance, deps: Deps) => Promise<void>> = [
  authRoutes,
  usersRoutes,
  catalogRoutes,
  financeRoutes,
  ratesRoutes,
  offersRoutes,
  inventoryRoutes,
  auditRoutes,
  reportsRoutes,
  debtsRoutes,
  documentsRoutes,
  productionRoutes,
  shiftsRoutes,
  notificationsRoutes,
  chatRoutes,
  eventsRoutes,
  telegramRoutes,
  adminRoutes,
  importsRoutes,
  adminUsersRoutes,
  healthRoutes,
];
