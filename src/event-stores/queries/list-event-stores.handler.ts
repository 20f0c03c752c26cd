import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import { ILike, Repository } from 'typeorm';
import { escapeLike } from '../../common/sql';
import { EventStoreEntity } from '../entities/event-store.entity';
import { EventStorePage, ListEventStoresQuery } from './list-event-stores.query';


@QueryHandler(ListEventStoresQuery)
export class ListEventStoresHandler implements IQueryHandler<ListEventStoresQuery> {
  constructor(@InjectRepository(EventStoreEntity) private readonly stores: Repository<EventStoreEntity>) {}

  async execute({ tenantId, limit, offset, nameContains }: ListEventStoresQuery): Promise<EventStorePage> {
    const [stores, totalCount] = await this.stores.findAndCount({
      // `_` is legal in store names, so the filter's wildcards must match literally.
      where: { tenantId, ...(nameContains ? { name: ILike(`%${escapeLike(nameContains)}%`) } : {}) },
      order: { createdAt: 'ASC', id: 'ASC' },
      take: limit,
      skip: offset,
    });
    return { stores, totalCount };
  }
}
