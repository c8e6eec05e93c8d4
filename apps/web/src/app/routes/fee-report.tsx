import { messages } from '@app/shared';
import { FeeReportPage } from '@/features/fees/components/FeeReportPage';

export function FeeReportRoute() {
  return (
    <>
      <title>{`${messages.fees.title} · ${messages.app.name}`}</title>
      <FeeReportPage />
    </>
  );
}
