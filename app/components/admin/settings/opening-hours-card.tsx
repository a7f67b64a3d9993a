import type { OpeningSchedule } from '@contracts/opening-schedule.ts';
import { dayKeyToChile } from '@domain/chile-time';
import { dayHoursText, WEEK_ORDER } from '@domain/hours-text';
import { weekdayOf } from '@domain/opening-hours';
import { Card } from '~/components/admin/ui';
import { TextAreaField, TextField } from '~/components/forms/fields';

const DAY_LABELS = ['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'];

/**
 * The one opening-hours setting (ADR 0036): what the header, the footer, the contact page, the search engines' data,
 * the test-drive slots and the requests' deadlines all follow.
 */
export interface Holiday {
  day: string;
  name: string;
}

const WEEKDAY = ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb'];

/** The coming holidays the box closes, folded: what «feriados» means this year, and what it leaves out. */
function HolidayList({ holidays }: { holidays: Holiday[] }) {
  return (
    <details className="mt-2 ml-7 text-slate-700 text-sm">
      <summary className="cursor-pointer font-medium text-brand-700 underline underline-offset-2">
        Ver los feriados de los próximos 12 meses ({holidays.length})
      </summary>
      <ul className="mt-2 grid gap-x-6 gap-y-0.5 sm:grid-cols-2">
        {holidays.map((holiday) => (
          <li key={holiday.day} className="tabular-nums">
            {WEEKDAY[weekdayOf(holiday.day)]} {dayKeyToChile(holiday.day)}: {holiday.name}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-slate-600">
        Los feriados regionales y los de elecciones no están en esta lista: agrégalos en «Otros días cerrados»
        si cierran esos días.
      </p>
    </details>
  );
}

export function OpeningHoursCard({ schedule, holidays }: { schedule: OpeningSchedule; holidays: Holiday[] }) {
  const closed = schedule.closedDates.map((day) => day.split('-').reverse().join('-')).join('\n');
  return (
    <Card id="horario" title="Horario de atención">
      <p className="mb-4 text-slate-600 text-sm">
        El sitio muestra este horario y con él ofrece las horas de prueba de manejo y cuenta el plazo de cada
        solicitud: las horas prometidas solo corren los días que abren. Escribe cada día como 9:30-19:00, o
        9:00-13:00 y 15:00-18:00; déjalo en blanco si no abren.
      </p>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {WEEK_ORDER.map((day) => (
          <TextField
            key={day}
            name={`schedule.week.${day}`}
            label={DAY_LABELS[day] ?? ''}
            required={false}
            defaultValue={dayHoursText(schedule.week[day] ?? [])}
            placeholder="Cerrado"
            maxLength={60}
            autoComplete="off"
          />
        ))}
      </div>
      <label className="mt-6 flex cursor-pointer items-start gap-3 text-slate-800 text-sm">
        <input
          type="checkbox"
          name="schedule.closedOnHolidays"
          defaultChecked={schedule.closedOnHolidays}
          className="mt-0.5 size-4 accent-brand-700"
        />
        <span>
          Cerrado los feriados de Chile
          <span className="block text-slate-600">
            El calendario oficial de feriados, el mismo con que se cuentan los días hábiles de las
            cotizaciones y de las solicitudes de datos personales.
          </span>
        </span>
      </label>
      <HolidayList holidays={holidays} />
      <TextAreaField
        name="schedule.closedDates"
        label="Otros días cerrados"
        required={false}
        rows={3}
        defaultValue={closed}
        placeholder="24-12-2027"
        hint="Una fecha por línea, como 24-12-2027: inventario, un feriado regional. Hasta 60."
        className="mt-6"
      />
    </Card>
  );
}
