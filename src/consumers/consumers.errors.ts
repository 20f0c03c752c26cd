import { DomainError } from '../common/errors/domain-error';

export class ConsumerNotFoundError extends DomainError {
  readonly code = 'CONSUMER_NOT_FOUND';
  readonly status = 404;

  constructor(name: string) {
    super(`Consumer '${name}' not found`, { consumer: name });
  }
}

export class ConsumerAlreadyExistsError extends DomainError {
  readonly code = 'CONSUMER_ALREADY_EXISTS';
  readonly status = 409;

  constructor(name: string) {
    super(`The store already has a consumer named '${name}'`, { consumer: name });
  }
}

/** CONSUMERS_MAX_PER_STORE reached: valid request, passes once a consumer is deleted. */
export class ConsumerLimitExceededError extends DomainError {
  readonly code = 'LIMIT_EXCEEDED';
  readonly status = 409;

  constructor(eventStoreId: string, maxConsumers: number) {
    super(`Event store ${eventStoreId} already has ${maxConsumers} consumers (CONSUMERS_MAX_PER_STORE); delete one first`, {
      limit: 'consumers',
      eventStoreId,
      maxConsumers,
    });
  }
}

/** CONSUMER_MAX_CLIENTS clients are attached already (an SSE request; WebSockets get an error frame). */
export class ConsumerClientLimitError extends DomainError {
  readonly code = 'CONSUMER_LIMIT';
  readonly status = 409;

  constructor(name: string, maxClients: number) {
    super(`Consumer '${name}' already has ${maxClients} clients attached (CONSUMER_MAX_CLIENTS)`, { consumer: name, maxClients });
  }
}

export class ConsumerInUseError extends DomainError {
  readonly code = 'CONSUMER_IN_USE';
  readonly status = 409;

  constructor(name: string, connectedClients: number) {
    super(`Consumer '${name}' has ${connectedClients} client(s) attached; detach them or send force: true`, {
      consumer: name,
      connectedClients,
    });
  }
}

export class ParkedEventNotFoundError extends DomainError {
  readonly code = 'NOT_FOUND';
  readonly status = 404;

  constructor(name: string, position: number) {
    super(`Consumer '${name}' has no parked event at position ${position}`, { consumer: name, position });
  }
}

/** The position was already processed by the consumer: the append carrying it writes nothing. */
export class AlreadyProcessedError extends DomainError {
  readonly code = 'ALREADY_PROCESSED';
  readonly status = 409;

  constructor(name: string, position: number) {
    super(`Consumer '${name}' already processed position ${position}; nothing was appended`, { consumer: name, position });
  }
}
