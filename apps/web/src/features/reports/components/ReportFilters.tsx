import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/Card.tsx';
import type { ReportSearch } from '../use-report-search.ts';
import { DepartmentSelect } from './DepartmentSelect.tsx';
import { PeriodPicker } from './PeriodPicker.tsx';

/** The filters every report shares (period, department) and the report's own, wrapping on phones. */
export function ReportFilters({ search, children }: { search: ReportSearch; children?: ReactNode }) {
  return (
    <Card className="flex flex-wrap items-end gap-x-6 gap-y-4 p-4">
      <PeriodPicker
        period={search.period}
        today={search.today}
        onChange={(p) => search.update({ date_from: p.from, date_to: p.to })}
      />
      <div className="flex w-full flex-wrap items-end gap-3 sm:w-auto">
        <DepartmentSelect
          value={search.department}
          onChange={(d) => search.update({ department: d === undefined ? null : String(d) })}
        />
        {children}
      </div>
    </Card>
  );
}
