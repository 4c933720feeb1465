import { COPY_CONFIRM_MS } from '@app/shared';
import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../i18n/useT.ts';

/** Copies a SKU; the icon turns into a check for 1.2 s (spec.md sections 2 and 9). */
export function CopySkuButton({ sku }: { sku: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(sku);
    } catch {
      return; // no clipboard (insecure context or denied): no false confirmation
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
  }

  return (
    <button
      type="button"
      onClick={copy}
      aria-label={copied ? t('inventory.sku.copied', { sku }) : t('inventory.sku.copy', { sku })}
      data-copied={copied || undefined}
      className="rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
    >
      {copied ? (
        <Check aria-hidden="true" className="h-3.5 w-3.5 text-emerald-600" />
      ) : (
        <Copy aria-hidden="true" className="h-3.5 w-3.5" />
      )}
    </button>
  );
}
