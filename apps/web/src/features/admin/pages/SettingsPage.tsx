import { type BusinessSettingsPatch, BusinessSettingsPatchSchema } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { Checkbox } from '../../../components/ui/Checkbox.tsx';
import { ErrorMessage, SuccessMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { failureMessage } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useSettings, useUpdateSettings } from '../api/balances.ts';

/** /admin/settings (DESIGN.md section 9): the business's name, the daily CBU rates, low-stock mail. */
export function SettingsPage() {
  const settings = useSettings();
  const update = useUpdateSettings();
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<BusinessSettingsPatch, unknown, z.output<typeof BusinessSettingsPatchSchema>>({
    resolver: zodResolver(BusinessSettingsPatchSchema),
    values: settings.data,
  });
  const submit = form.handleSubmit(async (body) => {
    setSaved(false);
    setError(null);
    try {
      await update.mutateAsync(body);
      setSaved(true);
    } catch (err) {
      setError(applyServerErrors(form.setError, err));
    }
  });

  if (settings.isPending) return <LoadingText>Sozlamalar yuklanmoqda...</LoadingText>;
  if (settings.isError) {
    return <ErrorMessage>{failureMessage(settings.error, "Sozlamalarni yuklab bo'lmadi.")}</ErrorMessage>;
  }
  return (
    <Card className="max-w-2xl p-5">
      <form onSubmit={submit} noValidate aria-label="Biznes sozlamalari" className="space-y-5">
        <Input label="Biznes nomi" error={form.formState.errors.name?.message} {...form.register('name')} />
        <div className="space-y-1">
          <Checkbox label="Markaziy bank kurslarini har kuni olish" {...form.register('follow_cbu')} />
          <p className="pl-6 text-xs text-slate-500">
            Har kuni 16:05 da (Toshkent vaqti) va server ishga tushganda, o'sha kun olinmagan bo'lsa. Kurslar
            sahifasida istalgan payt qo'lda ham olish mumkin.
          </p>
        </div>
        <div className="space-y-1">
          <Checkbox
            label="Mahsulot kam qolganda Owner'larga e-mail yuborish"
            {...form.register('low_stock_email')}
          />
          <p className="pl-6 text-xs text-slate-500">
            Bo'lim qoldig'i variant uchun belgilangan eng kam miqdorga tushganda (eng kam miqdor belgilangan
            variantlar uchun).
          </p>
        </div>
        {saved ? <SuccessMessage>Sozlamalar saqlandi.</SuccessMessage> : null}
        <ErrorMessage>{error}</ErrorMessage>
        <Button type="submit" loading={update.isPending}>
          Saqlash
        </Button>
      </form>
    </Card>
  );
}
