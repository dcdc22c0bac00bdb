package io.nzbmount.server.repair.par2;

/** What planning a repair found: a plan, or why there can be none. */
public sealed interface RepairOutcome permits RepairPlan, RepairImpossible {}
