import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import { ILike, Repository } from 'typeorm';
import { EventStoreEntity } from '../entities/event-store.entity';
import { EventStorePage, ListEventStoresQuery } from './list-event-stores.query';

/** `_` is legal in store names, so LIKE's wildcards in the filter must match literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

@QueryHandler(ListEventStoresQuery)
export class ListEventStoresHandler implements IQueryHandler<ListEventStoresQuery> {
  constructor(@InjectRepository(EventStoreEntity) private readonly stores: Repository<EventStoreEntity>) {}

  async execute({ tenantId, limit, offset, nameContains }: ListEventStoresQuery): Promise<EventStorePage> {
    const [stores, totalCount] = await this.stores.findAndCount({
      where: { tenantId, ...(nameContains ? { name: ILike(`%${escapeLike(nameContains)}%`) } : {}) },
      order: { createdAt: 'ASC', id: 'ASC' },
      take: limit,
      skip: offset,
    });
    return { stores, totalCount };
  }
}
