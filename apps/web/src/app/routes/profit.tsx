import { messages } from '@app/shared';
import { ProfitPage } from '@/features/profit/components/ProfitPage';

export function ProfitRoute() {
  return (
    <>
      <title>{`${messages.profit.title} · ${messages.app.name}`}</title>
      <ProfitPage />
    </>
  );
}
