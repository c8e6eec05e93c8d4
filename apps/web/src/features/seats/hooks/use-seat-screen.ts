import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { TOAST_MS, seatMessages } from '@app/shared';
import { errorMessage } from '@/lib/api-errors';
import { useListSeatAreasQuery, useListSeatsQuery } from '../api/seats-api';

const AREA_PARAM = 'area';

/**
 * The data of the Seats screen: the areas (filter and form) and the seats of the chosen
 * area, or of all areas. The chosen area lives in the URL (`?area=<id>`), so a reload or
 * a shared link shows the same grid.
 */
export function useSeatScreen() {
  const [params, setParams] = useSearchParams();
  const areaId = params.get(AREA_PARAM) ?? '';
  const areasQuery = useListSeatAreasQuery();
  const areas = areasQuery.data ?? [];
  const known = areas.some((area) => area.id === areaId);
  // Until the areas are known, an area from the URL is trusted; an unknown one falls back to all.
  const shownAreaId = areaId && (known || !areasQuery.isSuccess) ? areaId : '';
  const seatsQuery = useListSeatsQuery(shownAreaId || undefined);

  const selectArea = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set(AREA_PARAM, next);
        else updated.delete(AREA_PARAM);
        return updated;
      },
      { replace: true },
    );

  useEffect(() => {
    if (areasQuery.isError) toast.error(seatMessages.areasFetchFailed, { autoClose: TOAST_MS.areas });
  }, [areasQuery.isError]);

  useEffect(() => {
    if (seatsQuery.isError) {
      toast.error(errorMessage(seatsQuery.error, seatMessages.fetchFailed), { autoClose: TOAST_MS.areas });
    }
  }, [seatsQuery.isError, seatsQuery.error]);

  return {
    areas,
    areasQuery,
    seatsQuery,
    seats: seatsQuery.data ?? [],
    areaId: shownAreaId,
    selectedArea: areas.find((area) => area.id === shownAreaId),
    selectArea,
  };
}
