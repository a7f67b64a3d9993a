// The back office's lookup lists (brands, body types, fuels, transmissions, features): their kinds, their Spanish
// words, and the one rule for a name.
import { z } from 'zod';
import { text } from './text-field.ts';

export const LOOKUP_KINDS = ['marcas', 'tipos', 'combustibles', 'transmisiones', 'caracteristicas'] as const;
export type LookupKind = (typeof LOOKUP_KINDS)[number];

/** Titles and the phrases the messages need (Spanish gender makes them per list). */
export const LOOKUP_TEXT: Record<
  LookupKind,
  { title: string; one: string; the: string; gone: string; freeUp: string; add: string }
> = {
  marcas: {
    title: 'Marcas',
    one: 'marca',
    the: 'la marca',
    gone: 'La marca no existe o fue eliminada.',
    freeUp: 'Cambia esos vehículos a otra marca primero.',
    add: 'Nueva marca',
  },
  tipos: {
    title: 'Tipos de carrocería',
    one: 'tipo de carrocería',
    the: 'el tipo de carrocería',
    gone: 'El tipo de carrocería no existe o fue eliminado.',
    freeUp: 'Cambia esos vehículos a otro tipo primero.',
    add: 'Nuevo tipo de carrocería',
  },
  combustibles: {
    title: 'Combustibles',
    one: 'combustible',
    the: 'el combustible',
    gone: 'El combustible no existe o fue eliminado.',
    freeUp: 'Cambia esos vehículos a otro combustible primero.',
    add: 'Nuevo combustible',
  },
  transmisiones: {
    title: 'Transmisiones',
    one: 'transmisión',
    the: 'la transmisión',
    gone: 'La transmisión no existe o fue eliminada.',
    freeUp: 'Cambia esos vehículos a otra transmisión primero.',
    add: 'Nueva transmisión',
  },
  caracteristicas: {
    title: 'Características',
    one: 'característica',
    the: 'la característica',
    gone: 'La característica no existe o fue eliminada.',
    freeUp: 'Quítala de esos vehículos primero.',
    add: 'Nueva característica',
  },
};

export const LookupNameSchema = z.object({ nombre: text({ label: 'el nombre', max: 60 }) });

/** Transmission names carry this prefix in the data (docs/product.md); staff type just "Automática". */
export const TRANSMISSION_PREFIX = 'Transmisión ';

/** The name as stored: inner spaces collapsed; transmissions get their prefix exactly once. */
export function normalizeLookupName(kind: LookupKind, nombre: string): string {
  const clean = nombre.trim().replace(/\s+/g, ' ');
  if (kind !== 'transmisiones') return clean;
  return TRANSMISSION_PREFIX + clean.replace(/^transmisi[oó]n\s+/i, '');
}
