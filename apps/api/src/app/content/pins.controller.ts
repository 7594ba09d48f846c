import { Body, Controller, Get, Param, Patch } from '@nestjs/common';
import { ApiBody, ApiTags } from '@nestjs/swagger';
import type { Principal } from '@quarry/domain';
import { CurrentUser, Endpoint, UuidParam } from '@quarry/server/common';
import { PinsService } from '@quarry/server/content';

import { ArrayBodyPipe } from './array-body.pipe';
import { PinnedItemDto, PinnedListDto, PinnedOrderDto, PinningDto } from './pins.dto';

const projectParam = new UuidParam('projectUuid');
const listParam = new UuidParam('pinnedListUuid');

@ApiTags('Pinned items')
@Controller('api/v1/projects/:projectUuid')
export class PinsController {
  constructor(private readonly pins: PinsService) {}

  @Patch('spaces/:spaceUuid/pinning')
  @Endpoint({ summary: 'Pin a space to the project, or unpin it (project editor)', response: PinningDto, errors: [403, 404] })
  toggleSpace(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', projectParam) projectUuid: string,
    @Param('spaceUuid', new UuidParam('spaceUuid')) spaceUuid: string,
  ): Promise<PinningDto> {
    return this.pins.toggle(principal, projectUuid, 'space', spaceUuid);
  }

  @Get('pinned-lists')
  @Endpoint({ summary: "The project's pinned list (created on first use)", response: PinnedListDto, errors: [404] })
  list(@CurrentUser() principal: Principal, @Param('projectUuid', projectParam) projectUuid: string): Promise<PinnedListDto> {
    return this.pins.listFor(principal, projectUuid);
  }

  @Get('pinned-lists/:pinnedListUuid/items')
  @Endpoint({
    summary: 'Pinned items the caller may see: spaces, then charts, then dashboards, each in list order',
    response: [PinnedItemDto],
    errors: [403, 404],
  })
  items(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', projectParam) projectUuid: string,
    @Param('pinnedListUuid', listParam) pinnedListUuid: string,
  ): Promise<PinnedItemDto[]> {
    return this.pins.items(principal, projectUuid, pinnedListUuid) as Promise<PinnedItemDto[]>;
  }

  @Patch('pinned-lists/:pinnedListUuid/items/order')
  @ApiBody({ type: [PinnedOrderDto] })
  @Endpoint({ summary: 'Update pinned items order (E16, project editor)', response: [PinnedItemDto], errors: [403, 404] })
  reorder(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', projectParam) projectUuid: string,
    @Param('pinnedListUuid', listParam) pinnedListUuid: string,
    @Body(new ArrayBodyPipe(PinnedOrderDto)) body: PinnedOrderDto[],
  ): Promise<PinnedItemDto[]> {
    return this.pins.reorder(principal, projectUuid, pinnedListUuid, body) as Promise<PinnedItemDto[]>;
  }
}
