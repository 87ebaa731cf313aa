/**
 * GET /api/tax/uvt (any signed-in role) and PUT /api/tax/uvt/{year} (admins): the UVT the DIAN
 * fixes each year, in centavos, which prices the withholding minimum bases (DESIGN §5).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data, type Schema } from '@/lib/api';
import { todayInBogota } from '@/lib/dates';

/** One year's UVT. */
export type Uvt = Schema<'UVT'>;

const key = ['tax-uvt'] as const;

/** Every year's UVT, newest first. */
export async function fetchUvts(signal?: AbortSignal): Promise<Uvt[]> {
  return (await data(api.GET('/api/tax/uvt', { signal }))) ?? [];
}

/** Adds a year or corrects its value. */
export async function saveUvt(input: { year: number; uvt_cents: number }): Promise<Uvt> {
  return data(api.PUT('/api/tax/uvt/{year}', { params: { path: { year: input.year } }, body: { uvt_cents: input.uvt_cents } }));
}

/** Query hook of fetchUvts. */
export function useUvts(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => fetchUvts(signal), enabled: options.enabled });
}

/** Mutation hook of saveUvt; reads the table again (the list is sorted by the server). */
export function useSaveUvt() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveUvt, onSuccess: () => client.invalidateQueries({ queryKey: key }) });
}

/** The current year on Bogotá's calendar: documents take the UVT of their own date's year. */
export function currentYear(now: Date = new Date()): number {
  return Number(todayInBogota(now).slice(0, 4));
}

/** Whether the table lacks the current year's value (documents dated today would be refused). */
export function lacksCurrentYear(uvts: readonly Uvt[], now: Date = new Date()): boolean {
  const year = currentYear(now);
  return !uvts.some((u) => u.year === year);
}
