import { canWriteCatalog } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { type UseMutationResult, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Select, type SelectOption } from '../../../components/ui/Select.tsx';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { Table, TableMessageRow, TBody, TD, TH, THead, TR } from '../../../components/ui/Table.tsx';
import { useTranslatedResolver } from '../../../i18n/schema-resolver.ts';
import { useT } from '../../../i18n/useT.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { ConfirmDeleteModal } from './ConfirmDeleteModal.tsx';
import { RowActionsCell } from './RowActionsCell.tsx';

export interface FieldDef {
  name: string;
  label: string;
  options?: SelectOption[];
  placeholder?: string;
}

export interface ColumnDef<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

export interface AttributeCrudPageProps<T extends { id: number }, W> {
  title: string;
  /** spec.md section 8: 'Failed to load colors', '... sizes', '... units'. */
  loadError: string;
  queryOptions: UseQueryOptions<T[], Error, T[], readonly string[]>;
  save: UseMutationResult<T, Error, { id?: number; body: W }>;
  remove: UseMutationResult<unknown, Error, number>;
  columns: ColumnDef<T>[];
  fields: FieldDef[];
  toForm: (row?: T) => Record<string, string>;
  /** The shared form schema (spec.md section 5): it refuses an incomplete form and builds the body. */
  schema: z.ZodType<W>;
  itemName: (row: T) => string;
  addLabel: string;
  /**
   * Show the server's refusals (a taken name, a row still in use) instead of only logging them,
   * for pages outside spec.md's section 8 rule (locations, DESIGN.md section 10).
   */
  showServerErrors?: boolean;
}

/**
 * The colours, sizes and units pages (spec.md section 2): a table, and for the writing roles of
 * section 6 create, edit and delete. Their write errors are only logged (spec.md section 8).
 */
export function AttributeCrudPage<T extends { id: number }, W>(props: AttributeCrudPageProps<T, W>) {
  const { title, loadError, columns, fields, save, remove, itemName } = props;
  const t = useT();
  const rows = useQuery(props.queryOptions);
  const user = useCurrentUser();
  const canWrite = canWriteCatalog(user.data?.role);
  const formId = useId();
  const [editing, setEditing] = useState<{ row?: T } | null>(null);
  const [toDelete, setToDelete] = useState<T | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const report = (what: string) => (err: Error) => {
    console.error(`${title}: ${what} failed`, err);
    if (!props.showServerErrors) return;
    setServerError(applyServerErrors(form.setError, err, t('catalog.form.saveFailed')));
  };
  const form = useAttributeForm(props.schema);

  function edit(row?: T) {
    setServerError(null);
    form.reset(props.toForm(row));
    setEditing(row ? { row } : {});
  }

  const submit = form.handleSubmit((body) => {
    if (!editing || save.isPending) return;
    save.mutate(
      { ...(editing.row ? { id: editing.row.id } : {}), body },
      { onSuccess: () => setEditing(null), onError: report('save') },
    );
  });

  function confirmDelete() {
    if (!toDelete) return;
    setServerError(null);
    remove.mutate(toDelete.id, { onSettled: () => setToDelete(null), onError: report('delete') });
  }

  return (
    <section className="space-y-4">
      <PageTop title={title} addLabel={canWrite ? props.addLabel : undefined} onAdd={() => edit()} />
      {serverError && editing === null ? <ErrorMessage>{serverError}</ErrorMessage> : null}
      {rows.isError ? (
        <ErrorMessage>{loadError}</ErrorMessage>
      ) : rows.isPending ? (
        <LoadingText />
      ) : (
        <AttributeTable
          title={title}
          rows={rows.data}
          columns={columns}
          canWrite={canWrite}
          itemName={itemName}
          onEdit={edit}
          onDelete={setToDelete}
        />
      )}
      <FormDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing?.row ? t('catalog.actions.editTitle', { name: itemName(editing.row) }) : props.addLabel
        }
        formId={formId}
        cancelLabel={t('catalog.actions.cancel')}
        submitLabel={t('catalog.actions.save')}
        pending={save.isPending}
        onSubmit={submit}
        error={serverError}
      >
        <AttributeFields fields={fields} form={form} />
      </FormDialog>
      <ConfirmDeleteModal
        item={toDelete ? itemName(toDelete) : null}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
        busy={remove.isPending}
      />
    </section>
  );
}

/** The rows, numbered, and for the writing roles edit and delete on each. */
function AttributeTable<T extends { id: number }>({
  title,
  rows,
  columns,
  canWrite,
  itemName,
  onEdit,
  onDelete,
}: {
  title: string;
  rows: T[];
  columns: ColumnDef<T>[];
  canWrite: boolean;
  itemName: (row: T) => string;
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
}) {
  const t = useT();
  const columnCount = columns.length + (canWrite ? 2 : 1);
  return (
    <Table caption={title}>
      <THead>
        <tr>
          <TH>#</TH>
          {columns.map((c) => (
            <TH key={c.header}>{c.header}</TH>
          ))}
          {canWrite ? <TH align="right">{t('catalog.field.actions')}</TH> : null}
        </tr>
      </THead>
      <TBody>
        {rows.length === 0 ? (
          <TableMessageRow colSpan={columnCount}>{t('catalog.empty')}</TableMessageRow>
        ) : null}
        {rows.map((row, i) => (
          <TR key={row.id}>
            <TD className="text-slate-500">{i + 1}</TD>
            {columns.map((c) => (
              <TD key={c.header}>{c.cell(row)}</TD>
            ))}
            {canWrite ? (
              <RowActionsCell
                name={itemName(row)}
                onEdit={() => onEdit(row)}
                onDelete={() => onDelete(row)}
              />
            ) : null}
          </TR>
        ))}
      </TBody>
    </Table>
  );
}

/** The page's fields: a choice where the field has options, else text; the schema's message under each. */
function AttributeFields<W>({
  fields,
  form,
}: {
  fields: FieldDef[];
  form: UseFormReturn<Record<string, string>, unknown, W>;
}) {
  const t = useT();
  return (
    <>
      {fields.map((f) => {
        // The shared schema's message for this field, under it.
        const error = form.formState.errors[f.name]?.message;
        return f.options ? (
          <Select
            key={f.name}
            label={f.label}
            placeholder={t('catalog.form.choose')}
            options={f.options}
            error={error}
            {...form.register(f.name)}
          />
        ) : (
          <Input
            key={f.name}
            label={f.label}
            placeholder={f.placeholder}
            autoComplete="off"
            error={error}
            {...form.register(f.name)}
          />
        );
      })}
    </>
  );
}

/** The form of a row: every input is text, which is what the shared form schemas take. */
function useAttributeForm<W>(schema: z.ZodType<W>) {
  return useForm<Record<string, string>, unknown, W>({
    resolver: useTranslatedResolver(
      zodResolver(schema as z.ZodType<W, Record<string, string>>) as Resolver<
        Record<string, string>,
        unknown,
        W
      >,
    ),
  });
}

/** The title, and "add" for the writing roles (`addLabel` undefined: none). */
function PageTop({
  title,
  addLabel,
  onAdd,
}: {
  title: string;
  addLabel: string | undefined;
  onAdd: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {addLabel !== undefined ? (
        <Button onClick={onAdd} icon={<Plus aria-hidden="true" className="h-4 w-4" />}>
          {addLabel}
        </Button>
      ) : null}
    </div>
  );
}
