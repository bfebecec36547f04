import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export function planRepository(db: Kysely<Database>) {
  return {
    activeProducts() {
      return db.selectFrom('product').selectAll().where('active', '=', 1).orderBy('sort').execute();
    },
    activePrices() {
      return db
        .selectFrom('price')
        .select(['id', 'product_id', 'unit_amount', 'currency', 'interval'])
        .where('active', '=', 1)
        .orderBy('unit_amount')
        .execute();
    },
    findActivePrice(id: string) {
      return db.selectFrom('price').selectAll().where('id', '=', id).where('active', '=', 1).executeTakeFirst();
    },
  };
}

export type PlanRepository = ReturnType<typeof planRepository>;
