import { ProductionOrderCreateSchema } from '@app/shared';
import type { Database } from '../../db/connection.ts';
import type { Actor } from '../../lib/context.ts';
import { createDocument } from '../../modules/documents/documents.service.ts';
import { productionKind } from '../../modules/documents/production.kind.ts';
import type { DemoCore } from './core.ts';
import { demoWorkshop, WORKSHOP_SKUS } from './workshop.ts';

// The demo workshop's production orders (DESIGN.md section 21), on the Omborchi, through the
// documents' skeleton like the pages': white and navy pieces cut from the fabric, shirts sewn from
// them (one order with a little more thread than the recipe: waste), and a draft not yet posted.
// Their costs come from the lots the workshop seed received, so the cost report has real figures.

export async function seedProduction(db: Database, core: DemoCore): Promise<void> {
  const omborchi = core.users['omborchi@demo.uz'];
  if (omborchi === undefined) throw new Error('the demo Omborchi is missing');
  const actor: Actor = { id: omborchi, businessId: core.businessId, role: 'Omborchi', ip: null };
  const deps = { db, clock: () => new Date() };
  const { variants } = await demoWorkshop(db, core.businessId);
  const variant = (sku: string) => {
    const id = variants.get(sku);
    if (id === undefined) throw new Error(`the workshop has no variant ${sku}`);
    return id;
  };
  const order = (body: Parameters<typeof ProductionOrderCreateSchema.parse>[0], post = true) =>
    createDocument(deps, actor, productionKind, ProductionOrderCreateSchema.parse(body), {
      post,
      scope: null,
    });

  await order({
    output: variant(WORKSHOP_SKUS.pieces('Oq')),
    qty: '40',
    note: "Oq ko'ylaklar uchun bichish",
  });
  await order({ output: variant(WORKSHOP_SKUS.pieces("To'q ko'k")), qty: '24' });
  await order({ output: variant(WORKSHOP_SKUS.shirt('Oq', '48')), qty: '12' });
  await order({
    output: variant(WORKSHOP_SKUS.shirt('Oq', '50')),
    qty: '10',
    inputs: [{ variant: variant(WORKSHOP_SKUS.thread('Oq')), qty: '0.18' }],
    note: "Ip ko'proq ketdi",
  });
  await order({ output: variant(WORKSHOP_SKUS.shirt("To'q ko'k", '48')), qty: '8' });
  await order({ output: variant(WORKSHOP_SKUS.shirt('Oq', '52')), qty: '6' }, false);
}
