import { MONEY_STEP } from '@app/shared';
import { Input, type InputProps } from './ui/Input.tsx';

/**
 * An amount field: a decimal number from 0 in steps of a tiyin unless `step` says otherwise (a
 * rate's). One field for the money, debt, offer and currency forms (DESIGN.md section 15).
 */
export function MoneyInput(props: Omit<InputProps, 'type' | 'min' | 'inputMode'>) {
  return <Input type="number" min="0" step={MONEY_STEP} inputMode="decimal" {...props} />;
}
