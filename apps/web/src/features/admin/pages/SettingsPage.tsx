import {
  type BusinessSettingsPatch,
  BusinessSettingsPatchSchema,
  PURCHASE_ROLES,
  SALE_ROLES,
  WEIGHT_BARCODE_MODES,
  type WeightBarcodeMode,
} from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { Checkbox } from '../../../components/ui/Checkbox.tsx';
import { ErrorMessage, SuccessMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { useTranslatedResolver } from '../../../i18n/schema-resolver.ts';
import { useT } from '../../../i18n/useT.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { applyServerErrors, SAVE_FAILED_KEY } from '../../../lib/form-errors.ts';
import { useSettings, useUpdateSettings } from '../api/balances.ts';
import { AllowedRolesField } from '../components/AllowedRolesField.tsx';
import { changedFields } from '../settings-changes.ts';

/** How the business's scales print their weight codes (DESIGN.md section 18), in words. */
const WEIGHT_BARCODE_KEYS: Record<WeightBarcodeMode, MessageKey> = {
  off: 'admin.settings.weightBarcodesOff',
  weight: 'admin.settings.weightBarcodesWeight',
  price: 'admin.settings.weightBarcodesPrice',
};

/**
 * /admin/settings (DESIGN.md section 9): the business's name, the daily CBU rates, low-stock mail,
 * what the scales' weight codes carry (section 18), who sells and buys (section 19), and whether a
 * sale needs an open cash shift (section 22).
 */
export function SettingsPage() {
  const t = useT();
  const settings = useSettings();
  const update = useUpdateSettings();
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<BusinessSettingsPatch, unknown, z.output<typeof BusinessSettingsPatchSchema>>({
    resolver: useTranslatedResolver(zodResolver(BusinessSettingsPatchSchema)),
    values: settings.data,
  });
  const submit = form.handleSubmit(async (body) => {
    setSaved(false);
    setError(null);
    try {
      await update.mutateAsync(changedFields(body, settings.data));
      setSaved(true);
    } catch (err) {
      setError(applyServerErrors(form.setError, err, t(SAVE_FAILED_KEY)));
    }
  });

  if (settings.isPending) return <LoadingText>{t('admin.settings.loading')}</LoadingText>;
  if (settings.isError) {
    return <ErrorMessage>{failureMessage(settings.error, t('admin.settings.loadFailed'))}</ErrorMessage>;
  }
  return (
    <Card className="max-w-2xl p-5">
      <form onSubmit={submit} noValidate aria-label={t('admin.settings.formLabel')} className="space-y-5">
        <Input
          label={t('admin.settings.businessName')}
          error={form.formState.errors.name?.message}
          {...form.register('name')}
        />
        <div className="space-y-1">
          <Checkbox label={t('admin.settings.followCbu')} {...form.register('follow_cbu')} />
          <p className="pl-6 text-xs text-slate-500">{t('admin.settings.followCbuHint')}</p>
        </div>
        <div className="space-y-1">
          <Checkbox label={t('admin.settings.lowStockEmail')} {...form.register('low_stock_email')} />
          <p className="pl-6 text-xs text-slate-500">{t('admin.settings.lowStockEmailHint')}</p>
        </div>
        <Select
          label={t('admin.settings.weightBarcodes')}
          hint={t('admin.settings.weightBarcodesHint')}
          options={WEIGHT_BARCODE_MODES.map((mode) => ({ value: mode, label: t(WEIGHT_BARCODE_KEYS[mode]) }))}
          error={form.formState.errors.weight_barcodes?.message}
          {...form.register('weight_barcodes')}
        />
        <AllowedRolesField
          legend={t('admin.settings.saleRoles')}
          hint={t('admin.settings.saleRolesHint')}
          fixed={SALE_ROLES}
          registration={form.register('sale_roles')}
          error={form.formState.errors.sale_roles?.message}
        />
        <AllowedRolesField
          legend={t('admin.settings.purchaseRoles')}
          hint={t('admin.settings.purchaseRolesHint')}
          fixed={PURCHASE_ROLES}
          registration={form.register('purchase_roles')}
          error={form.formState.errors.purchase_roles?.message}
        />
        <div className="space-y-1">
          <Checkbox label={t('admin.settings.salesNeedShift')} {...form.register('sales_need_shift')} />
          <p className="pl-6 text-xs text-slate-500">{t('admin.settings.salesNeedShiftHint')}</p>
        </div>
        {saved ? <SuccessMessage>{t('admin.settings.saved')}</SuccessMessage> : null}
        <ErrorMessage>{error}</ErrorMessage>
        <Button type="submit" loading={update.isPending}>
          {t('admin.action.save')}
        </Button>
      </form>
    </Card>
  );
}
