// The stock's changes as the routes call them. Each command commits its transaction, then, when it changed
// anything, empties the public catalogue cache: the site, the API and (through the catalogue's listeners) every other
// instance show the change at once. Routes reach the commands only through here, so none can forget it.
import type { Db } from '@db/client.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { createLookup, deleteLookup, renameLookup } from './lookups.ts';
import { recordSale, undoSale } from './sales.ts';
import { createStockVehicle, deleteStockVehicle, updateStockVehicle } from './stock-commands.ts';
import { addStockPhotos, deleteStockPhoto, reorderStockPhotos } from './stock-photos.ts';
import { commitStockImport } from './stock-sheet.ts';

type Command<A extends unknown[], R> = (db: Db, ...args: A) => Promise<R>;

export function stockService(db: Db, catalogue: Pick<Catalogue, 'invalidate'>) {
  /** The command bound to the database; the catalogue is emptied after it commits, if `changed` says so. */
  function committing<A extends unknown[], R>(
    command: Command<A, R>,
    changed: (result: R) => boolean = () => true,
  ) {
    return async (...args: A): Promise<R> => {
      const result = await command(db, ...args);
      if (changed(result)) catalogue.invalidate();
      return result;
    };
  }
  return {
    createVehicle: committing(createStockVehicle),
    /** Resolves to the names of the fields that changed; none, and the catalogue stays as it is. */
    updateVehicle: committing(updateStockVehicle, (changes) => changes.length > 0),
    deleteVehicle: committing(deleteStockVehicle),
    /** A sale (ADR 0038): the vehicle becomes 'vendido'; undoing it puts it back on sale. */
    recordSale: committing(recordSale),
    undoSale: committing(undoSale),
    addPhotos: committing(addStockPhotos),
    reorderPhotos: committing(reorderStockPhotos),
    deletePhoto: committing(deleteStockPhoto),
    createLookup: committing(createLookup),
    /** Resolves to false when the name was already the same. */
    renameLookup: committing(renameLookup, (changed) => changed),
    deleteLookup: committing(deleteLookup),
    /** The spreadsheet import (ADR 0024): one transaction; the catalogue is emptied when it wrote anything. */
    importSheet: committing(
      commitStockImport,
      (result) => result.nuevos + result.actualizados + result.marcasCreadas.length > 0,
    ),
  };
}

export type StockService = ReturnType<typeof stockService>;
