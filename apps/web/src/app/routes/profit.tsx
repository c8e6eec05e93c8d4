import { coreMessages, profitMessages } from '@app/shared';
import { ProfitPage } from '@/features/profit/components/ProfitPage';

export function ProfitRoute() {
  return (
    <>
      <title>{`${profitMessages.title} · ${coreMessages.app.name}`}</title>
      <ProfitPage />
    </>
  );
}
