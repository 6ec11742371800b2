-- Migration dealership_channel, written by `rls diff` from the schema declared in ElectricRide/ElectricRide.swift.
-- 2 to create, 0 to change, 0 to drop. Review it, then apply with `rls apply`.

CREATE POLICY "channel_dealership_receive" ON "realtime"."messages"
    AS PERMISSIVE FOR SELECT
    TO "authenticated"
    USING (((extension = 'broadcast'::text) AND (split_part(( SELECT realtime.topic() AS topic), ':'::text, 1) = 'dealership'::text) AND (EXISTS ( SELECT 1
   FROM public.dealership dealership
  WHERE (((dealership.id)::text = split_part(( SELECT realtime.topic() AS topic), ':'::text, 2)) AND (dealership.id = ANY (( SELECT private.current_user_dealership_ids(NULL::text[]) AS current_user_dealership_ids)::bigint[])))))));

CREATE POLICY "channel_dealership_send" ON "realtime"."messages"
    AS PERMISSIVE FOR INSERT
    TO "authenticated"
    WITH CHECK (((extension = 'broadcast'::text) AND (split_part(( SELECT realtime.topic() AS topic), ':'::text, 1) = 'dealership'::text) AND (EXISTS ( SELECT 1
   FROM public.dealership dealership
  WHERE (((dealership.id)::text = split_part(( SELECT realtime.topic() AS topic), ':'::text, 2)) AND (dealership.id = ANY (( SELECT private.current_user_dealership_ids(ARRAY['admin'::text, 'owner'::text]) AS current_user_dealership_ids)::bigint[])))))));
