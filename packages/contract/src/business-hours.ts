import { z } from 'zod';

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time as HH:mm');

/**
 * The business's weekly opening hours (Settings), in the app's timezone: waiting times can be read within them only.
 * `days[d]` is the opening of day d (0 Sunday), null when closed; an opening ends after it starts, on the same day.
 */
export const businessHoursSchema = z.object({
  enabled: z.boolean(),
  days: z
    .array(
      z
        .object({ start: timeOfDay, end: timeOfDay })
        .refine((o) => o.start < o.end, { message: 'must end after it starts', path: ['end'] })
        .nullable(),
    )
    .length(7, 'must have the seven days of the week'),
});
export type BusinessHours = z.infer<typeof businessHoursSchema>;

export const defaultBusinessHours: BusinessHours = {
  enabled: false,
  days: [null, ...Array.from({ length: 5 }, () => ({ start: '09:00', end: '17:00' })), null],
};
