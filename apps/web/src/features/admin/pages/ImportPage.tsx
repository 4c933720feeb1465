import { IMPORT_COLUMNS, IMPORT_KINDS, type Import, type ImportKind, msg } from '@app/shared';
import { Download, Upload } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { FileInput } from '../../../components/ui/FileInput.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { useLanguage } from '../../../i18n/I18nProvider.tsx';
import { useT } from '../../../i18n/useT.ts';
import { failureMessage, newIdempotencyKey } from '../../../lib/api-client.ts';
import { useProgress } from '../../../lib/progress.ts';
import { downloadTemplate, useCommitImport, useDiscardImport, useStageImport } from '../api/imports.ts';
import { StagedImport } from '../components/StagedImport.tsx';

const KIND_LABELS: Record<ImportKind, MessageKey> = {
  catalog: 'admin.import.kind.catalog',
  stock: 'admin.import.kind.stock',
  counterparties: 'admin.import.kind.counterparties',
  balances: 'admin.import.kind.balances',
};

/**
 * A column's header in the reader's words, by its key: the template's, or the words the server
 * gave a column of the business's own (a price column, "Narx: Chakana").
 */
function useColumnHeader(kind: ImportKind, names: Record<string, string> = {}) {
  const { renderMessage } = useLanguage();
  return (key: string) => {
    const column = IMPORT_COLUMNS[kind].find((c) => c.key === key);
    return column ? renderMessage(msg(column.header)) : (names[key] ?? key);
  };
}

/** Runs a step of the page; its failure becomes the page's one error. */
function useRun() {
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<void>) => {
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(failureMessage(err, t('admin.import.failed')));
    }
  };
  return { error, run };
}

/** How far a long upload or commit has gone, as the server's live events tell it. */
function ProgressLine({ token }: { token: string | null }) {
  const t = useT();
  const progress = useProgress(token);
  if (!token || !progress) return null;
  return (
    <p role="status" className="text-sm text-slate-600">
      {progress.phase === 'read'
        ? t('admin.import.progressRead', { rows: progress.rows })
        : t('admin.import.progressPost', { rows: progress.rows })}
    </p>
  );
}

/** The kind of import and its template. */
function KindRow({
  kind,
  onKind,
  onTemplate,
}: {
  kind: ImportKind;
  onKind: (kind: ImportKind) => void;
  onTemplate: () => void;
}) {
  const t = useT();
  return (
    <div className="flex flex-wrap items-end gap-3">
      <Select
        label={t('admin.import.kindLabel')}
        value={kind}
        onChange={(e) => onKind(e.target.value as ImportKind)}
        options={IMPORT_KINDS.map((k) => ({ value: k, label: t(KIND_LABELS[k]) }))}
        className="min-w-64"
      />
      <Button variant="secondary" icon={<Download className="size-4" />} onClick={onTemplate}>
        {t('admin.import.template')}
      </Button>
    </div>
  );
}

/**
 * /admin/import (DESIGN.md section 17): choose a kind, download its template, upload a file, see
 * every error in its cell, commit. Nothing is posted before the commit.
 */
export function ImportPage() {
  const t = useT();
  const [kind, setKind] = useState<ImportKind>('catalog');
  const [file, setFile] = useState<File | null>(null);
  const [staged, setStaged] = useState<{ answer: Import; key: string } | null>(null);
  const { error, run } = useRun();
  // The token the server's progress events carry: one per upload; the commit's is its key.
  const [token, setToken] = useState<string | null>(null);
  const stage = useStageImport();
  const commit = useCommitImport();
  const discard = useDiscardImport();
  const header = useColumnHeader(kind, staged?.answer.column_names);

  const upload = () =>
    run(async () => {
      if (!file) throw new Error(t('admin.import.chooseFile'));
      const progress = newIdempotencyKey();
      setToken(progress);
      setStaged({ answer: await stage.mutateAsync({ kind, file, progress }), key: newIdempotencyKey() });
    });
  const post = () =>
    run(async () => {
      if (!staged) return;
      setToken(staged.key);
      const answer = await commit.mutateAsync({
        id: staged.answer.id,
        key: staged.key,
        progress: staged.key,
      });
      setStaged({ ...staged, answer });
    });
  const drop = () =>
    run(async () => {
      if (staged && staged.answer.status === 'STAGED') await discard.mutateAsync(staged.answer.id);
      setStaged(null);
    });

  const answer = staged?.answer;
  return (
    <div className="space-y-4">
      <Card className="max-w-3xl space-y-4 p-5">
        <p className="text-sm text-slate-600">{t('admin.import.intro')}</p>
        <KindRow
          kind={kind}
          onKind={(next) => {
            setKind(next);
            setStaged(null);
          }}
          onTemplate={() => run(() => downloadTemplate(kind))}
        />
        <FileInput
          label={t('admin.import.fileLabel')}
          accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          file={file}
          onFile={(chosen) => {
            setFile(chosen);
            setStaged(null);
          }}
        />
        <Button icon={<Upload className="size-4" />} loading={stage.isPending} onClick={upload}>
          {stage.isPending ? t('admin.import.checking') : t('admin.import.upload')}
        </Button>
        <ProgressLine token={stage.isPending || commit.isPending ? token : null} />
        <ErrorMessage>{error}</ErrorMessage>
      </Card>
      {answer ? (
        <StagedImport
          answer={answer}
          header={header}
          committing={commit.isPending}
          discarding={discard.isPending}
          onCommit={post}
          onDiscard={drop}
        />
      ) : null}
    </div>
  );
}
