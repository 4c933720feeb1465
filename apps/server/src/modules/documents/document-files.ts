import { DOCUMENT_PATHS, type Language, type Receipt, type ReceiptWidth } from '@app/shared';
import type { Actor, Deps } from '../../lib/context.ts';
import type { FileAnswer } from '../../lib/report-files.ts';
import type { KindConfig } from './document-kind.ts';
import { loadDocument } from './document-reading.ts';
import { wordsFor } from './document-words.ts';
import { namesForFiles } from './documents.repository.ts';
import { printFormPdf } from './print-form.pdf.ts';
import { receiptPdf } from './receipt.pdf.ts';
import { saleKind } from './sales.kind.ts';

// A document's files (DESIGN.md section 19): every kind's print form, a sale's receipt and what
// the receipt page shows. Each reads the document as its card does (loadDocument: a department
// its own, another business's 404), in the reader's language.

async function documentWithNames<L>(deps: Deps, actor: Actor, config: KindConfig<L>, id: number) {
  const document = await loadDocument(deps.db, actor, config, id);
  const names = await namesForFiles(deps.db, actor.businessId, document.department.id);
  // The department is a person: their name, else their e-mail.
  const department = `${names.first_name} ${names.last_name}`.trim() || names.email;
  return { document, business: names.business, department };
}

/** `GET api/{kind}/{id}/print/`: the A4 print form. */
export async function printForm<L>(
  deps: Deps,
  actor: Actor,
  config: KindConfig<L>,
  id: number,
  language: Language,
): Promise<FileAnswer> {
  const { document, business, department } = await documentWithNames(deps, actor, config, id);
  return {
    contentType: 'application/pdf',
    filename: `${document.number}.pdf`,
    body: printFormPdf(document, { business, department }, wordsFor(language)),
  };
}

/** The receipt page's address, `<origin>/sales/<id>/receipt` (the web app's path). */
export function receiptUrl(origin: string, id: number): string {
  return `${origin}/${DOCUMENT_PATHS.SALE}/${id}/receipt`;
}

/** `GET api/sales/{id}/receipt/?width=58|80`: the till receipt. */
export async function saleReceipt(
  deps: Deps,
  actor: Actor,
  id: number,
  options: { width: ReceiptWidth; language: Language; origin: string },
): Promise<FileAnswer> {
  const { document, business, department } = await documentWithNames(deps, actor, saleKind, id);
  const header = { business, seller: department, url: receiptUrl(options.origin, id) };
  return {
    contentType: 'application/pdf',
    filename: `${document.number}-${options.width}mm.pdf`,
    body: receiptPdf(options.width, document, header, wordsFor(options.language)),
  };
}

/** `GET api/sales/{id}/receipt/?format=json`: what the receipt page shows. */
export async function receiptView(deps: Deps, actor: Actor, id: number): Promise<Receipt> {
  const { document, business, department } = await documentWithNames(deps, actor, saleKind, id);
  return { business, seller: department, document };
}
