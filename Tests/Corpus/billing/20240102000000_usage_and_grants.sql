-- Usage events keyed by uuid, a view of active prices, and explicit grants instead of the
-- default ones: anon reads the catalogue and nothing else.
create table public.usage_events (
  id uuid primary key default extensions.uuid_generate_v4(),
  user_id uuid not null references auth.users on delete cascade,
  kind text not null,
  quantity integer not null default 1 check (quantity > 0),
  recorded_at timestamptz not null default now()
);
alter table public.usage_events enable row level security;
create policy "Users read their usage" on public.usage_events for select to authenticated using (auth.uid() = user_id);
create index usage_events_user_id_idx on public.usage_events (user_id, recorded_at desc);

create view public.active_prices with (security_invoker = true) as
  select p.id, p.product_id, p.unit_amount, p.currency
  from public.prices p
  where p.active;

revoke all on table public.users, public.customers, public.subscriptions, public.usage_events from anon;
revoke all on function public.handle_new_user() from anon, authenticated;
grant select on table public.products, public.prices, public.active_prices to anon, authenticated;
grant select, update on table public.users to authenticated;
grant select on table public.subscriptions, public.usage_events to authenticated;
grant all on table public.users, public.customers, public.products, public.prices, public.subscriptions, public.usage_events to service_role;
grant select on table public.active_prices to service_role;

insert into public.products (id, active, name, description) values
  ('prod_basic', true, 'Basic', 'For one person'),
  ('prod_team', true, 'Team', 'For a small team');
insert into public.prices (id, product_id, active, unit_amount, currency, type, interval, interval_count) values
  ('price_basic_month', 'prod_basic', true, 900, 'usd', 'recurring', 'month', 1),
  ('price_team_month', 'prod_team', true, 2900, 'usd', 'recurring', 'month', 1),
  ('price_team_year', 'prod_team', false, 29000, 'usd', 'recurring', 'year', 1);
insert into auth.users (id, email, raw_user_meta_data) values
  ('11111111-1111-4111-8111-111111111111', 'ada@example.com', '{"full_name": "Ada"}'),
  ('22222222-2222-4222-8222-222222222222', 'bob@example.com', '{"full_name": "Bob"}');
insert into public.subscriptions (id, user_id, status, price_id, quantity) values
  ('sub_1', '11111111-1111-4111-8111-111111111111', 'active', 'price_team_month', 3);
insert into public.usage_events (user_id, kind, quantity) values
  ('11111111-1111-4111-8111-111111111111', 'api_call', 12);
