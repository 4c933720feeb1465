import {
  D,
  fixedQuantity,
  OfferCreateBodySchema,
  ReturnCreateSchema,
  StockCountCountedSchema,
  StockCountCreateSchema,
} from '@app/shared';
import type { Database } from '../../db/connection.ts';
import { createCaches } from '../../lib/caches.ts';
import type { Actor } from '../../lib/context.ts';
import { createDocument, postDocument } from '../../modules/documents/documents.service.ts';
import { returnKind } from '../../modules/documents/returns.kind.ts';
import { stockCountKind } from '../../modules/documents/stock-counts.kind.ts';
import { setCounted } from '../../modules/documents/stock-counts.service.ts';
import { approveOffer, changeOfferState, createOffer } from '../../modules/offers/offers.service.ts';
import type { DemoCore } from './core.ts';
import { demoWorkshop, WORKSHOP_SKUS } from './workshop.ts';

// DESIGN.md section 20 in the demo business, through the same services as the pages: a
// customer brings back one item of the Bozorchi's last cash sale, the workshop counts its
// materials (a little fabric short, a little thread over), and a delivery of shirts from the
// workshop to the Bozorchi arrives one short, written off as a transit loss with its reason.

export async function seedReturnsAndCounts(db: Database, core: DemoCore): Promise<void> {
  const bozorchi = core.users['bozorchi@demo.uz'];
  const omborchi = core.users['omborchi@demo.uz'];
  if (bozorchi === undefined || omborchi === undefined)
    throw new Error('the demo Bozorchi or Omborchi is missing');
  const actor = (id: number, role: string): Actor => ({ id, businessId: core.businessId, role, ip: null });
  const deps = { db, clock: () => new Date() };
  await returnOneItem(db, deps, actor(bozorchi, 'Bozorchi'));
  await countMaterials(db, deps, actor(omborchi, 'Omborchi'));
  await deliverShirtsShort(db, actor(omborchi, 'Omborchi'), actor(bozorchi, 'Bozorchi'));
}

type Deps = { db: Database; clock: () => Date };

/** One unit of a line of the Bozorchi's last sale paid in full, refunded in cash. */
async function returnOneItem(db: Database, deps: Deps, seller: Actor) {
  const line = await db
    .selectFrom('document_lines as l')
    .innerJoin('documents as d', 'd.id', 'l.document_id')
    .select(['d.id as sale', 'l.id as line'])
    .where('d.department_id', '=', seller.id)
    .where('d.kind', '=', 'SALE')
    .where('d.status', '=', 'POSTED')
    .where('d.on_credit', '=', '0')
    .where('l.qty', '>=', '2')
    .orderBy('d.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!line) return;
  const body = ReturnCreateSchema.parse({
    source_kind: 'sale',
    source: line.sale,
    lines: [{ source_line: line.line, qty: '1' }],
    refund: 'cash',
    note: "Mijoz razmeri to'g'ri kelmadi",
  });
  await createDocument(deps, seller, returnKind, body, { post: true, scope: null });
}

/** The workshop's fabric and thread counted: 1.5 m of white fabric short, 0.2 kg of thread over. */
async function countMaterials(db: Database, deps: Deps, keeper: Actor) {
  const { variants } = await demoWorkshop(db, keeper.businessId);
  const fabric = variants.get(WORKSHOP_SKUS.fabric('Oq'));
  const thread = variants.get(WORKSHOP_SKUS.thread('Oq'));
  if (fabric === undefined || thread === undefined) return;
  const count = await createDocument(
    deps,
    keeper,
    stockCountKind,
    StockCountCreateSchema.parse({ scope: 'list', variants: [fabric, thread], note: "Oy oxiri sanog'i" }),
    { post: false, scope: null },
  );
  const expected = (variant: number) => count.lines.find((l) => l.variant.id === variant)?.expected ?? '0';
  await setCounted(
    deps,
    keeper,
    count.id,
    StockCountCountedSchema.parse({
      lines: [
        { variant: fabric, counted: fixedQuantity(new D(expected(fabric)).minus('1.5')) },
        { variant: thread, counted: fixedQuantity(new D(expected(thread)).plus('0.2')) },
      ],
    }),
  );
  await postDocument(deps, keeper, stockCountKind, count.id, null);
}

/** Five white shirts (size 48) sent to the Bozorchi; four arrive. */
async function deliverShirtsShort(db: Database, sender: Actor, receiver: Actor) {
  const { variants } = await demoWorkshop(db, sender.businessId);
  const shirt = variants.get(WORKSHOP_SKUS.shirt('Oq', '48'));
  if (shirt === undefined) return;
  const offer = await createOffer(
    { db },
    sender,
    OfferCreateBodySchema.parse({
      from_user: sender.id,
      to_user: receiver.id,
      item_lines: [{ variant: shirt, quantity: '5' }],
      reason_text: "Ustaxonadan bozorga ko'ylaklar",
    }),
  );
  await changeOfferState({ db }, sender, offer.id, 'submit');
  await approveOffer({ db, caches: createCaches(), moneyBatcher: null }, receiver, offer.id, null, [
    { variant: shirt, qty: '4', reason_text: "Bittasi yo'lda yirtilgan" },
  ]);
}
