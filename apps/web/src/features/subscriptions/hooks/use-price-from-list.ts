import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { lookupPrice, TIME_OF_DAY_PATTERN } from '@app/shared';
import { useGetPriceListQuery } from '../api/subscriptions-api';
import { durationArg } from '../components/availability-args';

/** What the price list prices a plan by, besides its months: the seat kind and the daily window. */
export interface PricedPlan {
  is_reserved: boolean;
  start_time: string;
  end_time: string;
}

/** The Add and Renew forms' money fields, as the controls hold them. */
export interface PriceFormFields {
  duration: string | number;
  price?: string | number;
  fee: string | number;
}

/**
 * The price list's price for the plan being filled in (undefined when the list has none, or
 * the plan is not complete), with the form kept in step: until the owner types a price, the
 * price follows the list as the duration, seat kind and window change; until they type a
 * fee, the fee follows the price (paid in full). An emptied field follows again from the next change.
 * Without a price list (none saved, or the settings cannot be read) nothing is filled in.
 *
 * `typed` is to be called from the price and fee controls' own change events: the form's
 * dirty state cannot tell, as it counts a value the app filled in as typed once another
 * field returns to its first value.
 */
export function usePriceFromList(plan: PricedPlan | undefined) {
  const form = useFormContext<PriceFormFields>();
  const { data: pricing } = useGetPriceListQuery();
  const priceList = pricing?.priceList;
  const [duration, price] = useWatch({ control: form.control, name: ['duration', 'price'] });
  const { isSubmitted } = form.formState;
  const typedByOwner = useRef({ price: false, fee: false });
  const months = durationArg(duration ?? '').duration;
  const listPrice =
    priceList && plan && months && TIME_OF_DAY_PATTERN.test(plan.start_time) && TIME_OF_DAY_PATTERN.test(plan.end_time)
      ? lookupPrice(priceList, { ...plan, duration: months })
      : undefined;

  const { setValue } = form;
  useEffect(() => {
    if (typedByOwner.current.price) return;
    setValue('price', listPrice === undefined ? '' : String(listPrice), { shouldValidate: isSubmitted });
  }, [listPrice, setValue, isSubmitted]);
  useEffect(() => {
    if (typedByOwner.current.fee) return;
    setValue('fee', price ?? '', { shouldValidate: isSubmitted && price !== '' });
  }, [price, setValue, isSubmitted]);

  const typed = (name: 'price' | 'fee', value: string) => {
    typedByOwner.current[name] = value !== '';
  };
  return { listPrice, typed, deskMaxDiscount: pricing?.deskMaxDiscount };
}
