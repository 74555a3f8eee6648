import { useTranslate } from '../i18n/i18n.ts';

/** A choice among day periods ("Last 30 days", …) as a group of toggle buttons. */
export function PeriodToggle<T extends number>({
  label,
  periods,
  value,
  onChange,
}: {
  label: string;
  periods: readonly T[];
  value: T;
  onChange: (period: T) => void;
}) {
  const t = useTranslate();
  return (
    <fieldset className="d-flex align-items-center gap-2 mb-0">
      <legend className="small text-body-secondary mb-0 w-auto float-none fs-6">{label}</legend>
      <div className="btn-group btn-group-sm">
        {periods.map((period) => (
          <button
            key={period}
            type="button"
            className={`btn ${period === value ? 'btn-primary' : 'btn-outline-primary'}`}
            aria-pressed={period === value}
            onClick={() => onChange(period)}
          >
            {t('dash.days', { days: period })}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
