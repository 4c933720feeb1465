import {
  CATALOG_WRITE_ROLES,
  ColorSchema,
  ColorWriteSchema,
  IdParamsSchema,
  LocationSchema,
  LocationWriteSchema,
  SizeSchema,
  SizeWriteSchema,
  UnitSchema,
  UnitWriteSchema,
} from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, authenticate, requireRole } from '../../lib/auth/guard.ts';
import type { Actor, Deps } from '../../lib/context.ts';
import { ErrorSchemas, NoContentSchema } from '../../lib/openapi.ts';
import * as attributes from './attributes.service.ts';
import * as locations from './locations.service.ts';

/** One of units, sizes, colours, locations. Inputs are typed `never` here: the zod schemas check them. */
interface AttributeApi {
  path: string;
  noun: string;
  write: z.ZodType;
  read: z.ZodType;
  list(deps: Deps, actor: Actor): Promise<unknown[]>;
  create(deps: Deps, actor: Actor, input: never): Promise<unknown>;
  replace(deps: Deps, actor: Actor, id: number, input: never): Promise<unknown>;
  remove(deps: Deps, actor: Actor, id: number): Promise<void>;
}

/** spec.md section 7 and DESIGN.md section 10: each answers GET, POST, PUT by id, DELETE by id. */
function registerAttribute(app: FastifyInstance, deps: Deps, api: AttributeApi): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = authenticate(deps);
  const write = [authenticate(deps), requireRole(CATALOG_WRITE_ROLES)];
  const tags = ['catalog'];
  const byId = `${api.path}:id/`;

  r.get(
    api.path,
    {
      onRequest: read,
      schema: { tags, summary: `List ${api.noun}s`, response: { 200: z.array(api.read), ...ErrorSchemas } },
    },
    (request) => api.list(deps, actorOf(request)),
  );
  r.post(
    api.path,
    {
      onRequest: write,
      schema: {
        tags,
        summary: `Create a ${api.noun}`,
        body: api.write,
        response: { 201: api.read, ...ErrorSchemas },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await api.create(deps, actorOf(request), request.body as never)),
  );
  r.put(
    byId,
    {
      onRequest: write,
      schema: {
        tags,
        summary: `Replace a ${api.noun}`,
        params: IdParamsSchema,
        body: api.write,
        response: { 200: api.read, ...ErrorSchemas },
      },
    },
    async (request) => await api.replace(deps, actorOf(request), request.params.id, request.body as never),
  );
  r.delete(
    byId,
    {
      onRequest: write,
      schema: {
        tags,
        summary: `Delete an unused ${api.noun}`,
        params: IdParamsSchema,
        response: { 204: NoContentSchema, ...ErrorSchemas },
      },
    },
    async (request, reply) => {
      await api.remove(deps, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}

export async function attributesRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  registerAttribute(app, deps, {
    path: '/catalog/units/',
    noun: 'unit',
    write: UnitWriteSchema,
    read: UnitSchema,
    list: attributes.listUnits,
    create: attributes.createUnit,
    replace: attributes.replaceUnit,
    remove: attributes.deleteUnit,
  });
  registerAttribute(app, deps, {
    path: '/catalog/sizes/',
    noun: 'size',
    write: SizeWriteSchema,
    read: SizeSchema,
    list: attributes.listSizes,
    create: attributes.createSize,
    replace: attributes.replaceSize,
    remove: attributes.deleteSize,
  });
  registerAttribute(app, deps, {
    path: '/catalog/colors/',
    noun: 'colour',
    write: ColorWriteSchema,
    read: ColorSchema,
    list: attributes.listColors,
    create: attributes.createColor,
    replace: attributes.replaceColor,
    remove: attributes.deleteColor,
  });
  registerAttribute(app, deps, {
    path: '/catalog/locations/',
    noun: 'location',
    write: LocationWriteSchema,
    read: LocationSchema,
    list: locations.listLocations,
    create: locations.createLocation,
    replace: locations.replaceLocation,
    remove: locations.deleteLocation,
  });
}
