export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: "12.0.2"
  }
  public: {
    Tables: {
      article_corrections: {
        Row: {
          article_id: string
          author_id: string | null
          corrected_at: string
          created_at: string
          id: string
          note: string
        }
        Insert: {
          article_id: string
          author_id?: string | null
          corrected_at?: string
          created_at?: string
          id?: string
          note: string
        }
        Update: {
          article_id?: string
          author_id?: string | null
          corrected_at?: string
          created_at?: string
          id?: string
          note?: string
        }
        Relationships: [
          {
            foreignKeyName: "article_corrections_article_id_fkey"
            columns: ["article_id"]
            isOneToOne: false
            referencedRelation: "articles"
            referencedColumns: ["id"]
          },
        ]
      }
      article_drafts: {
        Row: {
          article_id: string
          base_version: number
          data: NonNullable<Json>
          saved_at: string
          user_id: string
        }
        Insert: {
          article_id: string
          base_version: number
          data: NonNullable<Json>
          saved_at?: string
          user_id?: string
        }
        Update: {
          article_id?: string
          base_version?: number
          data?: NonNullable<Json>
          saved_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "article_drafts_article_id_fkey"
            columns: ["article_id"]
            isOneToOne: false
            referencedRelation: "articles"
            referencedColumns: ["id"]
          },
        ]
      }
      article_images: {
        Row: {
          alt_text: string | null
          article_id: string
          caption: string | null
          created_at: string
          credit: string | null
          id: string
          image_url: string
          position: number
        }
        Insert: {
          alt_text?: string | null
          article_id: string
          caption?: string | null
          created_at?: string
          credit?: string | null
          id?: string
          image_url: string
          position?: number
        }
        Update: {
          alt_text?: string | null
          article_id?: string
          caption?: string | null
          created_at?: string
          credit?: string | null
          id?: string
          image_url?: string
          position?: number
        }
        Relationships: [
          {
            foreignKeyName: "article_images_article_id_fkey"
            columns: ["article_id"]
            isOneToOne: false
            referencedRelation: "articles"
            referencedColumns: ["id"]
          },
        ]
      }
      article_notes: {
        Row: {
          article_id: string
          author_id: string | null
          created_at: string
          from_status: string | null
          id: number
          note: string | null
          to_status: string
        }
        Insert: {
          article_id: string
          author_id?: string | null
          created_at?: string
          from_status?: string | null
          id?: never
          note?: string | null
          to_status: string
        }
        Update: {
          article_id?: string
          author_id?: string | null
          created_at?: string
          from_status?: string | null
          id?: never
          note?: string | null
          to_status?: string
        }
        Relationships: [
          {
            foreignKeyName: "article_notes_article_id_fkey"
            columns: ["article_id"]
            isOneToOne: false
            referencedRelation: "articles"
            referencedColumns: ["id"]
          },
        ]
      }
      article_revisions: {
        Row: {
          article_id: string
          author_id: string | null
          category_id: string | null
          content: string
          created_at: string
          editor_id: string | null
          excerpt: string | null
          id: number
          image_url: string | null
          key_points: string[]
          published_at: string | null
          slug: string
          status: string
          title: string
          version: number
        }
        Insert: {
          article_id: string
          author_id?: string | null
          category_id?: string | null
          content: string
          created_at?: string
          editor_id?: string | null
          excerpt?: string | null
          id?: never
          image_url?: string | null
          key_points?: string[]
          published_at?: string | null
          slug: string
          status: string
          title: string
          version: number
        }
        Update: {
          article_id?: string
          author_id?: string | null
          category_id?: string | null
          content?: string
          created_at?: string
          editor_id?: string | null
          excerpt?: string | null
          id?: never
          image_url?: string | null
          key_points?: string[]
          published_at?: string | null
          slug?: string
          status?: string
          title?: string
          version?: number
        }
        Relationships: [
          {
            foreignKeyName: "article_revisions_article_id_fkey"
            columns: ["article_id"]
            isOneToOne: false
            referencedRelation: "articles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "article_revisions_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: false
            referencedRelation: "bylines"
            referencedColumns: ["user_id"]
          },
          {
            foreignKeyName: "article_revisions_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["user_id"]
          },
          {
            foreignKeyName: "article_revisions_category_id_fkey"
            columns: ["category_id"]
            isOneToOne: false
            referencedRelation: "categories"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "article_revisions_editor_id_fkey"
            columns: ["editor_id"]
            isOneToOne: false
            referencedRelation: "bylines"
            referencedColumns: ["user_id"]
          },
          {
            foreignKeyName: "article_revisions_editor_id_fkey"
            columns: ["editor_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["user_id"]
          },
        ]
      }
      article_slugs: {
        Row: {
          article_id: string
          retired_at: string
          slug: string
        }
        Insert: {
          article_id: string
          retired_at?: string
          slug: string
        }
        Update: {
          article_id?: string
          retired_at?: string
          slug?: string
        }
        Relationships: [
          {
            foreignKeyName: "article_slugs_article_id_fkey"
            columns: ["article_id"]
            isOneToOne: false
            referencedRelation: "articles"
            referencedColumns: ["id"]
          },
        ]
      }
      article_tags: {
        Row: {
          article_id: string
          created_at: string
          public_at: string | null
          tag_id: string
        }
        Insert: {
          article_id: string
          created_at?: string
          public_at?: string | null
          tag_id: string
        }
        Update: {
          article_id?: string
          created_at?: string
          public_at?: string | null
          tag_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "article_tags_article_id_fkey"
            columns: ["article_id"]
            isOneToOne: false
            referencedRelation: "articles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "article_tags_tag_id_fkey"
            columns: ["tag_id"]
            isOneToOne: false
            referencedRelation: "tags"
            referencedColumns: ["id"]
          },
        ]
      }
      article_view_counts: {
        Row: {
          article_id: string
          view_count: number
        }
        Insert: {
          article_id: string
          view_count?: number
        }
        Update: {
          article_id?: string
          view_count?: number
        }
        Relationships: [
          {
            foreignKeyName: "article_view_counts_article_id_fkey"
            columns: ["article_id"]
            isOneToOne: true
            referencedRelation: "articles"
            referencedColumns: ["id"]
          },
        ]
      }
      article_views: {
        Row: {
          article_id: string
          created_at: string
          id: number
        }
        Insert: {
          article_id: string
          created_at?: string
          id?: never
        }
        Update: {
          article_id?: string
          created_at?: string
          id?: never
        }
        Relationships: [
          {
            foreignKeyName: "article_views_article_id_fkey"
            columns: ["article_id"]
            isOneToOne: false
            referencedRelation: "articles"
            referencedColumns: ["id"]
          },
        ]
      }
      article_withdrawals: {
        Row: {
          article_id: string
          id: number
          withdrawn_at: string
        }
        Insert: {
          article_id: string
          id?: never
          withdrawn_at?: string
        }
        Update: {
          article_id?: string
          id?: never
          withdrawn_at?: string
        }
        Relationships: []
      }
      articles: {
        Row: {
          author_id: string | null
          category_id: string | null
          checked_by: string | null
          content: string
          created_at: string
          editor_mode: string
          excerpt: string | null
          fact_check: Json | null
          format: string
          id: string
          image_url: string | null
          key_points: string[]
          published_at: string | null
          sent_back_at: string | null
          slug: string
          status: string
          status_note: string | null
          title: string
          updated_at: string
          version: number
          words: number | null
          has_been_public: boolean | null
          image_alt: string | null
          latest_note: string | null
          title_key: string | null
          view_count: number | null
          word_count: number | null
        }
        Insert: {
          author_id?: string | null
          category_id?: string | null
          checked_by?: string | null
          content: string
          created_at?: string
          editor_mode?: string
          excerpt?: string | null
          fact_check?: Json | null
          format?: string
          id?: string
          image_url?: string | null
          key_points?: string[]
          published_at?: string | null
          sent_back_at?: string | null
          slug: string
          status?: string
          status_note?: string | null
          title: string
          updated_at?: string
          version?: number
          words?: never
        }
        Update: {
          author_id?: string | null
          category_id?: string | null
          checked_by?: string | null
          content?: string
          created_at?: string
          editor_mode?: string
          excerpt?: string | null
          fact_check?: Json | null
          format?: string
          id?: string
          image_url?: string | null
          key_points?: string[]
          published_at?: string | null
          sent_back_at?: string | null
          slug?: string
          status?: string
          status_note?: string | null
          title?: string
          updated_at?: string
          version?: number
          words?: never
        }
        Relationships: [
          {
            foreignKeyName: "articles_category_id_fkey"
            columns: ["category_id"]
            isOneToOne: false
            referencedRelation: "categories"
            referencedColumns: ["id"]
          },
        ]
      }
      categories: {
        Row: {
          created_at: string
          hidden_from_editor: boolean
          id: string
          menu_position: number | null
          name: string
          slug: string
        }
        Insert: {
          created_at?: string
          hidden_from_editor?: boolean
          id?: string
          menu_position?: number | null
          name: string
          slug: string
        }
        Update: {
          created_at?: string
          hidden_from_editor?: boolean
          id?: string
          menu_position?: number | null
          name?: string
          slug?: string
        }
        Relationships: []
      }
      contact_messages: {
        Row: {
          created_at: string
          email: string
          handled: boolean
          handled_at: string | null
          id: string
          message: string
          name: string
        }
        Insert: {
          created_at?: string
          email: string
          handled?: boolean
          handled_at?: string | null
          id?: string
          message: string
          name: string
        }
        Update: {
          created_at?: string
          email?: string
          handled?: boolean
          handled_at?: string | null
          id?: string
          message?: string
          name?: string
        }
        Relationships: []
      }
      daily_editions: {
        Row: {
          articles: string[]
          caption: string
          day: string
          made_at: string
          text: string
        }
        Insert: {
          articles: string[]
          caption: string
          day: string
          made_at?: string
          text: string
        }
        Update: {
          articles?: string[]
          caption?: string
          day?: string
          made_at?: string
          text?: string
        }
        Relationships: []
      }
      diffusion_log: {
        Row: {
          actor: string | null
          at: string
          day: string
          detail: string
          event: string
          id: number
        }
        Insert: {
          actor?: string | null
          at?: string
          day: string
          detail?: string
          event: string
          id?: never
        }
        Update: {
          actor?: string | null
          at?: string
          day?: string
          detail?: string
          event?: string
          id?: never
        }
        Relationships: [
          {
            foreignKeyName: "diffusion_log_day_fkey"
            columns: ["day"]
            isOneToOne: false
            referencedRelation: "daily_editions"
            referencedColumns: ["day"]
          },
        ]
      }
      emergency_mode: {
        Row: {
          banner: string
          id: boolean
          is_on: boolean
          mirror_url: string
          practical_info: string
          prepared_until: string | null
          updated_at: string
        }
        Insert: {
          banner?: string
          id?: boolean
          is_on?: boolean
          mirror_url?: string
          practical_info?: string
          prepared_until?: string | null
          updated_at?: string
        }
        Update: {
          banner?: string
          id?: boolean
          is_on?: boolean
          mirror_url?: string
          practical_info?: string
          prepared_until?: string | null
          updated_at?: string
        }
        Relationships: []
      }
      emergency_mode_log: {
        Row: {
          changed_at: string
          changed_by: string | null
          changed_by_name: string
          event: string
          id: number
          is_on: boolean
        }
        Insert: {
          changed_at?: string
          changed_by?: string | null
          changed_by_name?: string
          event: string
          id?: never
          is_on: boolean
        }
        Update: {
          changed_at?: string
          changed_by?: string | null
          changed_by_name?: string
          event?: string
          id?: never
          is_on?: boolean
        }
        Relationships: []
      }
      front_page: {
        Row: {
          article_id: string
          pinned_at: string
          pinned_by: string | null
          rank: number
        }
        Insert: {
          article_id: string
          pinned_at?: string
          pinned_by?: string | null
          rank: number
        }
        Update: {
          article_id?: string
          pinned_at?: string
          pinned_by?: string | null
          rank?: number
        }
        Relationships: [
          {
            foreignKeyName: "front_page_article_id_fkey"
            columns: ["article_id"]
            isOneToOne: true
            referencedRelation: "articles"
            referencedColumns: ["id"]
          },
        ]
      }
      front_page_topic: {
        Row: {
          id: boolean
          tag_id: string | null
          updated_at: string
        }
        Insert: {
          id?: boolean
          tag_id?: string | null
          updated_at?: string
        }
        Update: {
          id?: boolean
          tag_id?: string | null
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "front_page_topic_tag_id_fkey"
            columns: ["tag_id"]
            isOneToOne: false
            referencedRelation: "tags"
            referencedColumns: ["id"]
          },
        ]
      }
      live_coverages: {
        Row: {
          active_at: string
          article_id: string
          ended_at: string | null
          last_seq: number
          poll_seconds: number
          revision: number
          started_at: string
          state: string
        }
        Insert: {
          active_at?: string
          article_id: string
          ended_at?: string | null
          last_seq?: number
          poll_seconds?: number
          revision?: number
          started_at?: string
          state?: string
        }
        Update: {
          active_at?: string
          article_id?: string
          ended_at?: string | null
          last_seq?: number
          poll_seconds?: number
          revision?: number
          started_at?: string
          state?: string
        }
        Relationships: [
          {
            foreignKeyName: "live_coverages_article_id_fkey"
            columns: ["article_id"]
            isOneToOne: true
            referencedRelation: "articles"
            referencedColumns: ["id"]
          },
        ]
      }
      live_entries: {
        Row: {
          article_id: string
          author_id: string | null
          body: string
          corrected_at: string | null
          correction: string | null
          created_at: string
          deleted_at: string | null
          id: string
          image_alt: string | null
          image_url: string | null
          key_event: boolean
          pinned: boolean
          revision: number
          seq: number
          updated_at: string
        }
        Insert: {
          article_id: string
          author_id?: string | null
          body: string
          corrected_at?: string | null
          correction?: string | null
          created_at?: string
          deleted_at?: string | null
          id: string
          image_alt?: string | null
          image_url?: string | null
          key_event?: boolean
          pinned?: boolean
          revision: number
          seq: number
          updated_at?: string
        }
        Update: {
          article_id?: string
          author_id?: string | null
          body?: string
          corrected_at?: string | null
          correction?: string | null
          created_at?: string
          deleted_at?: string | null
          id?: string
          image_alt?: string | null
          image_url?: string | null
          key_event?: boolean
          pinned?: boolean
          revision?: number
          seq?: number
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "live_entries_article_id_fkey"
            columns: ["article_id"]
            isOneToOne: false
            referencedRelation: "live_coverages"
            referencedColumns: ["article_id"]
          },
        ]
      }
      newsletter_deliveries: {
        Row: {
          attempts: number
          claimed_at: string | null
          created_at: string
          edition_id: number | null
          email: string
          error: string | null
          id: number
          kind: string
          message_key: string | null
          next_attempt_at: string
          provider_id: string | null
          sent_at: string | null
          status: string
          subscriber_id: string
        }
        Insert: {
          attempts?: number
          claimed_at?: string | null
          created_at?: string
          edition_id?: number | null
          email: string
          error?: string | null
          id?: never
          kind: string
          message_key?: string | null
          next_attempt_at?: string
          provider_id?: string | null
          sent_at?: string | null
          status?: string
          subscriber_id: string
        }
        Update: {
          attempts?: number
          claimed_at?: string | null
          created_at?: string
          edition_id?: number | null
          email?: string
          error?: string | null
          id?: never
          kind?: string
          message_key?: string | null
          next_attempt_at?: string
          provider_id?: string | null
          sent_at?: string | null
          status?: string
          subscriber_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "newsletter_deliveries_edition_id_fkey"
            columns: ["edition_id"]
            isOneToOne: false
            referencedRelation: "newsletter_editions"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "newsletter_deliveries_subscriber_id_fkey"
            columns: ["subscriber_id"]
            isOneToOne: false
            referencedRelation: "newsletter_subscribers"
            referencedColumns: ["id"]
          },
        ]
      }
      newsletter_editions: {
        Row: {
          articles: string[]
          created_at: string
          html: string
          id: number
          since: string
          slot: string
          subject: string
          text: string
          until: string
        }
        Insert: {
          articles?: string[]
          created_at?: string
          html: string
          id?: never
          since: string
          slot: string
          subject: string
          text: string
          until: string
        }
        Update: {
          articles?: string[]
          created_at?: string
          html?: string
          id?: never
          since?: string
          slot?: string
          subject?: string
          text?: string
          until?: string
        }
        Relationships: []
      }
      newsletter_settings: {
        Row: {
          daily_enabled: boolean
          id: boolean
          include_lead_image: boolean
          per_minute: number
          postal_address: string
          send_time: string
          updated_at: string
        }
        Insert: {
          daily_enabled?: boolean
          id?: boolean
          include_lead_image?: boolean
          per_minute?: number
          postal_address?: string
          send_time?: string
          updated_at?: string
        }
        Update: {
          daily_enabled?: boolean
          id?: boolean
          include_lead_image?: boolean
          per_minute?: number
          postal_address?: string
          send_time?: string
          updated_at?: string
        }
        Relationships: []
      }
      newsletter_subscribers: {
        Row: {
          consented_at: string | null
          country_tag_id: string | null
          created_at: string
          email: string
          id: string
          requested_at: string
          status: string
          suppressed_at: string | null
          suppression_reason: string | null
          unsubscribe_token: string
          unsubscribed_at: string | null
        }
        Insert: {
          consented_at?: string | null
          country_tag_id?: string | null
          created_at?: string
          email: string
          id?: string
          requested_at?: string
          status?: string
          suppressed_at?: string | null
          suppression_reason?: string | null
          unsubscribe_token?: string
          unsubscribed_at?: string | null
        }
        Update: {
          consented_at?: string | null
          country_tag_id?: string | null
          created_at?: string
          email?: string
          id?: string
          requested_at?: string
          status?: string
          suppressed_at?: string | null
          suppression_reason?: string | null
          unsubscribe_token?: string
          unsubscribed_at?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "newsletter_subscribers_country_tag_id_fkey"
            columns: ["country_tag_id"]
            isOneToOne: false
            referencedRelation: "tags"
            referencedColumns: ["id"]
          },
        ]
      }
      notice_settings: {
        Row: {
          by_email: string[]
          in_app: string[]
          updated_at: string
          user_id: string
        }
        Insert: {
          by_email?: string[]
          in_app?: string[]
          updated_at?: string
          user_id?: string
        }
        Update: {
          by_email?: string[]
          in_app?: string[]
          updated_at?: string
          user_id?: string
        }
        Relationships: []
      }
      notices: {
        Row: {
          article_id: string
          created_at: string
          id: number
          kind: string
          note_id: number
          read_at: string | null
          recipient_id: string
        }
        Insert: {
          article_id: string
          created_at?: string
          id?: never
          kind: string
          note_id: number
          read_at?: string | null
          recipient_id: string
        }
        Update: {
          article_id?: string
          created_at?: string
          id?: never
          kind?: string
          note_id?: number
          read_at?: string | null
          recipient_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "notices_article_id_fkey"
            columns: ["article_id"]
            isOneToOne: false
            referencedRelation: "articles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "notices_note_id_fkey"
            columns: ["note_id"]
            isOneToOne: false
            referencedRelation: "article_notes"
            referencedColumns: ["id"]
          },
        ]
      }
      page_views: {
        Row: {
          created_at: string
          id: number
          path: string
        }
        Insert: {
          created_at?: string
          id?: never
          path: string
        }
        Update: {
          created_at?: string
          id?: never
          path?: string
        }
        Relationships: []
      }
      profiles: {
        Row: {
          avatar_url: string | null
          bio: string | null
          created_at: string
          full_name: string | null
          id: string
          slug: string | null
          updated_at: string
          user_id: string
        }
        Insert: {
          avatar_url?: string | null
          bio?: string | null
          created_at?: string
          full_name?: string | null
          id?: string
          slug?: string | null
          updated_at?: string
          user_id: string
        }
        Update: {
          avatar_url?: string | null
          bio?: string | null
          created_at?: string
          full_name?: string | null
          id?: string
          slug?: string | null
          updated_at?: string
          user_id?: string
        }
        Relationships: []
      }
      push_alerts: {
        Row: {
          article_id: string
          body: string
          created_at: string
          created_by: string | null
          entry_id: string | null
          expires_at: string | null
          id: number
          not_before: string | null
          opened: number
          sent_at: string | null
          status: string
          targeted: number
          title: string
          urgent: boolean
        }
        Insert: {
          article_id: string
          body: string
          created_at?: string
          created_by?: string | null
          entry_id?: string | null
          expires_at?: string | null
          id?: never
          not_before?: string | null
          opened?: number
          sent_at?: string | null
          status: string
          targeted?: number
          title: string
          urgent?: boolean
        }
        Update: {
          article_id?: string
          body?: string
          created_at?: string
          created_by?: string | null
          entry_id?: string | null
          expires_at?: string | null
          id?: never
          not_before?: string | null
          opened?: number
          sent_at?: string | null
          status?: string
          targeted?: number
          title?: string
          urgent?: boolean
        }
        Relationships: [
          {
            foreignKeyName: "push_alerts_article_id_fkey"
            columns: ["article_id"]
            isOneToOne: false
            referencedRelation: "articles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "push_alerts_entry_id_fkey"
            columns: ["entry_id"]
            isOneToOne: false
            referencedRelation: "live_entries"
            referencedColumns: ["id"]
          },
        ]
      }
      push_deliveries: {
        Row: {
          alert_id: number
          attempts: number
          claimed_at: string | null
          created_at: string
          error: string | null
          id: number
          next_attempt_at: string
          sent_at: string | null
          status: string
          subscription_id: string | null
        }
        Insert: {
          alert_id: number
          attempts?: number
          claimed_at?: string | null
          created_at?: string
          error?: string | null
          id?: never
          next_attempt_at?: string
          sent_at?: string | null
          status?: string
          subscription_id?: string | null
        }
        Update: {
          alert_id?: number
          attempts?: number
          claimed_at?: string | null
          created_at?: string
          error?: string | null
          id?: never
          next_attempt_at?: string
          sent_at?: string | null
          status?: string
          subscription_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "push_deliveries_alert_id_fkey"
            columns: ["alert_id"]
            isOneToOne: false
            referencedRelation: "push_alerts"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "push_deliveries_subscription_id_fkey"
            columns: ["subscription_id"]
            isOneToOne: false
            referencedRelation: "push_subscriptions"
            referencedColumns: ["id"]
          },
        ]
      }
      push_settings: {
        Row: {
          daily_cap: number
          id: boolean
          quiet_enabled: boolean
          quiet_end: string
          quiet_start: string
          time_zone: string
          updated_at: string
        }
        Insert: {
          daily_cap?: number
          id?: boolean
          quiet_enabled?: boolean
          quiet_end?: string
          quiet_start?: string
          time_zone?: string
          updated_at?: string
        }
        Update: {
          daily_cap?: number
          id?: boolean
          quiet_enabled?: boolean
          quiet_end?: string
          quiet_start?: string
          time_zone?: string
          updated_at?: string
        }
        Relationships: []
      }
      push_subscriptions: {
        Row: {
          auth: string
          categories: string[]
          created_at: string
          endpoint: string
          follows_front: boolean
          id: string
          p256dh: string
          tags: string[]
          updated_at: string
          user_id: string | null
        }
        Insert: {
          auth: string
          categories?: string[]
          created_at?: string
          endpoint: string
          follows_front?: boolean
          id?: string
          p256dh: string
          tags?: string[]
          updated_at?: string
          user_id?: string | null
        }
        Update: {
          auth?: string
          categories?: string[]
          created_at?: string
          endpoint?: string
          follows_front?: boolean
          id?: string
          p256dh?: string
          tags?: string[]
          updated_at?: string
          user_id?: string | null
        }
        Relationships: []
      }
      rumour_reports: {
        Row: {
          body: string
          created_at: string
          fact_check_id: string | null
          id: string
          link: string | null
          status: string
        }
        Insert: {
          body: string
          created_at?: string
          fact_check_id?: string | null
          id?: string
          link?: string | null
          status?: string
        }
        Update: {
          body?: string
          created_at?: string
          fact_check_id?: string | null
          id?: string
          link?: string | null
          status?: string
        }
        Relationships: [
          {
            foreignKeyName: "rumour_reports_fact_check_id_fkey"
            columns: ["fact_check_id"]
            isOneToOne: false
            referencedRelation: "articles"
            referencedColumns: ["id"]
          },
        ]
      }
      rumour_screenshots: {
        Row: {
          content_type: string
          created_at: string
          image: string
          report_id: string
        }
        Insert: {
          content_type: string
          created_at?: string
          image: string
          report_id: string
        }
        Update: {
          content_type?: string
          created_at?: string
          image?: string
          report_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "rumour_screenshots_report_id_fkey"
            columns: ["report_id"]
            isOneToOne: true
            referencedRelation: "rumour_reports"
            referencedColumns: ["id"]
          },
        ]
      }
      saved_articles: {
        Row: {
          article_id: string
          saved_at: string
          user_id: string
        }
        Insert: {
          article_id: string
          saved_at?: string
          user_id?: string
        }
        Update: {
          article_id?: string
          saved_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "saved_articles_article_id_fkey"
            columns: ["article_id"]
            isOneToOne: false
            referencedRelation: "articles"
            referencedColumns: ["id"]
          },
        ]
      }
      tag_slugs: {
        Row: {
          retired_at: string
          slug: string
          tag_id: string
        }
        Insert: {
          retired_at?: string
          slug: string
          tag_id: string
        }
        Update: {
          retired_at?: string
          slug?: string
          tag_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "tag_slugs_tag_id_fkey"
            columns: ["tag_id"]
            isOneToOne: false
            referencedRelation: "tags"
            referencedColumns: ["id"]
          },
        ]
      }
      tags: {
        Row: {
          created_at: string
          description: string | null
          hidden: boolean
          id: string
          iso_code: string | null
          kind: string
          name: string
          name_key: string
          picture_url: string | null
          region: string | null
          slug: string
        }
        Insert: {
          created_at?: string
          description?: string | null
          hidden?: boolean
          id?: string
          iso_code?: string | null
          kind: string
          name: string
          name_key?: never
          picture_url?: string | null
          region?: string | null
          slug: string
        }
        Update: {
          created_at?: string
          description?: string | null
          hidden?: boolean
          id?: string
          iso_code?: string | null
          kind?: string
          name?: string
          name_key?: never
          picture_url?: string | null
          region?: string | null
          slug?: string
        }
        Relationships: []
      }
      telegram_posts: {
        Row: {
          attempts: number
          claimed_at: string | null
          created_at: string
          day: string
          error: string | null
          id: number
          kind: string
          message_id: number | null
          next_attempt_at: string
          sent_at: string | null
          status: string
        }
        Insert: {
          attempts?: number
          claimed_at?: string | null
          created_at?: string
          day: string
          error?: string | null
          id?: never
          kind: string
          message_id?: number | null
          next_attempt_at?: string
          sent_at?: string | null
          status?: string
        }
        Update: {
          attempts?: number
          claimed_at?: string | null
          created_at?: string
          day?: string
          error?: string | null
          id?: never
          kind?: string
          message_id?: number | null
          next_attempt_at?: string
          sent_at?: string | null
          status?: string
        }
        Relationships: [
          {
            foreignKeyName: "telegram_posts_day_fkey"
            columns: ["day"]
            isOneToOne: false
            referencedRelation: "daily_editions"
            referencedColumns: ["day"]
          },
        ]
      }
      user_roles: {
        Row: {
          created_at: string
          id: string
          role: Database["public"]["Enums"]["app_role"]
          user_id: string
        }
        Insert: {
          created_at?: string
          id?: string
          role: Database["public"]["Enums"]["app_role"]
          user_id: string
        }
        Update: {
          created_at?: string
          id?: string
          role?: Database["public"]["Enums"]["app_role"]
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "user_roles_profile_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "bylines"
            referencedColumns: ["user_id"]
          },
          {
            foreignKeyName: "user_roles_profile_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["user_id"]
          },
        ]
      }
      wordpress_posts: {
        Row: {
          article_id: string
          digest: string
          imported_at: string
          modified_gmt: string | null
          updated_at: string
          wordpress_id: number
        }
        Insert: {
          article_id: string
          digest: string
          imported_at?: string
          modified_gmt?: string | null
          updated_at?: string
          wordpress_id: number
        }
        Update: {
          article_id?: string
          digest?: string
          imported_at?: string
          modified_gmt?: string | null
          updated_at?: string
          wordpress_id?: number
        }
        Relationships: [
          {
            foreignKeyName: "wordpress_posts_article_id_fkey"
            columns: ["article_id"]
            isOneToOne: true
            referencedRelation: "articles"
            referencedColumns: ["id"]
          },
        ]
      }
      wordpress_redirects: {
        Row: {
          article_id: string
          path: string
        }
        Insert: {
          article_id: string
          path: string
        }
        Update: {
          article_id?: string
          path?: string
        }
        Relationships: [
          {
            foreignKeyName: "wordpress_redirects_article_id_fkey"
            columns: ["article_id"]
            isOneToOne: false
            referencedRelation: "articles"
            referencedColumns: ["id"]
          },
        ]
      }
    }
    Views: {
      accounts: {
        Row: {
          avatar_url: string | null
          created_at: string | null
          email: string | null
          full_name: string | null
          id: string | null
          roles: string[] | null
          search_key: string | null
          user_id: string | null
        }
        Relationships: []
      }
      bylines: {
        Row: {
          avatar_url: string | null
          bio: string | null
          full_name: string | null
          id: string | null
          slug: string | null
          user_id: string | null
        }
        Insert: {
          avatar_url?: string | null
          bio?: string | null
          full_name?: string | null
          id?: string | null
          slug?: string | null
          user_id?: string | null
        }
        Update: {
          avatar_url?: string | null
          bio?: string | null
          full_name?: string | null
          id?: string | null
          slug?: string | null
          user_id?: string | null
        }
        Relationships: []
      }
    }
    Functions: {
      analytics_summary: { Args: { p_days?: number }; Returns: Json }
      article_channels: {
        Args: { p_article_id: string; p_days?: number }
        Returns: Json
      }
      article_signups: {
        Args: { p_article_id: string; p_days?: number }
        Returns: Json
      }
      channel_outlets: { Args: { p_days?: number }; Returns: Json }
      channel_sources: { Args: { p_days?: number }; Returns: Json }
      channels_now: { Args: Record<PropertyKey, never>; Returns: Json }
      confirm_newsletter: { Args: { p_token: string }; Returns: undefined }
      content_version: { Args: Record<PropertyKey, never>; Returns: string }
      correction_authors: {
        Args: { p_article_id: string }
        Returns: {
          author_id: string
          id: string
        }[]
      }
      dashboard_stats: { Args: Record<PropertyKey, never>; Returns: Json }
      diffusion_is_admin: { Args: Record<PropertyKey, never>; Returns: boolean }
      diffusion_mark_whatsapp: { Args: { p_day: string }; Returns: undefined }
      edition_start: {
        Args: {
          p_articles: string[]
          p_caption: string
          p_day: string
          p_telegram: boolean
          p_text: string
        }
        Returns: boolean
      }
      emergency_notice: {
        Args: Record<PropertyKey, never>
        Returns: {
          banner: string
          is_on: boolean
          mirror_url: string
          practical_info: string
          prepared_until: string
        }[]
      }
      has_been_public: {
        Args: { a: Database["public"]["Tables"]["articles"]["Row"] }
        Returns: boolean
      }
      has_role: {
        Args: {
          _role: Database["public"]["Enums"]["app_role"]
          _user_id: string
        }
        Returns: boolean
      }
      home_page: { Args: { p_per_category?: number }; Returns: Json }
      image_alt: {
        Args: { a: Database["public"]["Tables"]["articles"]["Row"] }
        Returns: string
      }
      latest_note: {
        Args: { a: Database["public"]["Tables"]["articles"]["Row"] }
        Returns: string
      }
      leave_newsletter: { Args: { p_token: string }; Returns: undefined }
      live_close_idle: { Args: Record<PropertyKey, never>; Returns: number }
      live_delete: { Args: { p_id: string }; Returns: undefined }
      live_delta: { Args: { p_since: number; p_slug: string }; Returns: Json }
      live_edit: {
        Args: {
          p_body: string
          p_correction?: string
          p_id: string
          p_image_alt?: string
          p_image_url?: string
        }
        Returns: Json
      }
      live_front: { Args: Record<PropertyKey, never>; Returns: Json }
      live_mark: {
        Args: { p_id: string; p_key_event: boolean; p_pinned: boolean }
        Returns: Json
      }
      live_page: {
        Args: { p_article_id: string; p_before_seq?: number; p_limit?: number }
        Returns: Json
      }
      live_post: {
        Args: {
          p_article_id: string
          p_body: string
          p_id: string
          p_image_alt?: string
          p_image_url?: string
        }
        Returns: Json
      }
      live_set_state: {
        Args: { p_article_id: string; p_poll_seconds?: number; p_state: string }
        Returns: Json
      }
      merge_tags: { Args: { p_from: string; p_into: string }; Returns: number }
      most_read: {
        Args: { p_except?: string; p_limit?: number }
        Returns: Json
      }
      newsletter_claim_delivery: {
        Args: { p_token_hash: string }
        Returns: {
          edition_id: number
          email: string
          id: number
          kind: string
          message_key: string
        }[]
      }
      newsletter_edition_stats: {
        Args: { p_limit?: number }
        Returns: {
          articles: number
          created_at: string
          edition_id: number
          failed: number
          queued: number
          sent: number
          slot: string
          subject: string
          suppressed: number
          unsubscribed_since: number
        }[]
      }
      newsletter_finish_delivery: {
        Args: {
          p_error: string
          p_id: number
          p_outcome: string
          p_provider_id: string
        }
        Returns: undefined
      }
      newsletter_preferences: {
        Args: { p_token: string }
        Returns: {
          country: string
          country_name: string
          status: string
        }[]
      }
      newsletter_purge: { Args: Record<PropertyKey, never>; Returns: undefined }
      newsletter_schedule: {
        Args: Record<PropertyKey, never>
        Returns: {
          daily_enabled: boolean
          send_time: string
        }[]
      }
      newsletter_start_edition: {
        Args: {
          p_articles: string[]
          p_html: string
          p_since: string
          p_slot: string
          p_subject: string
          p_text: string
          p_until: string
        }
        Returns: number
      }
      newsletter_suppress: {
        Args: { p_email: string; p_reason: string }
        Returns: boolean
      }
      newsroom_member_names: {
        Args: { p_user_ids: string[] }
        Returns: {
          full_name: string
          user_id: string
        }[]
      }
      next_free_article_slug: {
        Args: { article_id?: string; wanted: string }
        Returns: string
      }
      notice_claim_mail: {
        Args: Record<PropertyKey, never>
        Returns: {
          article_id: string
          author_name: string
          email: string
          kind: string
          note: string
          notice_id: number
          title: string
        }[]
      }
      notice_finish_mail: {
        Args: { p_error?: string; p_notice_id: number; p_outcome: string }
        Returns: undefined
      }
      purge_claim: {
        Args: {
          p_lease_ms?: number
          p_limit?: number
          p_second_after_ms: number
          p_seen_version: number
        }
        Returns: {
          final: boolean
          id: number
          keys: string[]
          send: number
          slugs: Json
          version: number
        }[]
      }
      purge_failed: {
        Args: { p_error: string; p_ids: number[]; p_retry_after_ms?: number }
        Returns: undefined
      }
      purge_prune: { Args: Record<PropertyKey, never>; Returns: number }
      purge_rumour_screenshots: {
        Args: Record<PropertyKey, never>
        Returns: number
      }
      purge_scheduled_out: { Args: Record<PropertyKey, never>; Returns: number }
      purge_sent: { Args: { p_ids: number[] }; Returns: undefined }
      purge_status: {
        Args: Record<PropertyKey, never>
        Returns: {
          failing: number
          last_error: string
          last_failed_at: string
          late: number
          pending: number
        }[]
      }
      push_alert_opened: { Args: { p_alert: number }; Returns: undefined }
      push_alert_stats: {
        Args: { p_limit?: number }
        Returns: {
          article_id: string
          article_title: string
          body: string
          created_at: string
          delivered: number
          failed: number
          id: number
          opened: number
          sent_at: string
          slug: string
          status: string
          targeted: number
          title: string
          urgent: boolean
          waiting: number
        }[]
      }
      push_audience_count: { Args: { p_article: string }; Returns: number }
      push_claim_delivery: {
        Args: Record<PropertyKey, never>
        Returns: {
          alert_id: number
          auth: string
          body: string
          endpoint: string
          entry_seq: number
          expires_at: string
          id: number
          p256dh: string
          slug: string
          title: string
        }[]
      }
      push_devices_per_category: {
        Args: Record<PropertyKey, never>
        Returns: {
          category_id: string
          devices: number
          name: string
        }[]
      }
      push_finish_delivery: {
        Args: { p_error: string; p_id: number; p_outcome: string }
        Returns: undefined
      }
      push_limits: {
        Args: Record<PropertyKey, never>
        Returns: {
          daily_cap: number
          quiet_enabled: boolean
          quiet_end: string
          quiet_start: string
        }[]
      }
      push_my_devices: {
        Args: { p_endpoint?: string }
        Returns: {
          categories: string[]
          created_at: string
          follows_front: boolean
          id: string
          tags: string[]
          this_device: boolean
          updated_at: string
        }[]
      }
      push_send_alert: {
        Args: {
          p_article: string
          p_body: string
          p_entry?: string
          p_not_before?: string
          p_proposal?: number
          p_title: string
          p_urgent?: boolean
        }
        Returns: {
          id: number
          not_before: string
          status: string
          targeted: number
        }[]
      }
      push_stop_my_device: { Args: { p_id: string }; Returns: boolean }
      push_subscribe:
        | {
            Args: {
              p_auth: string
              p_categories: string[]
              p_endpoint: string
              p_follows_front: boolean
              p_p256dh: string
              p_tags?: string[]
            }
            Returns: undefined
          }
        | {
            Args: {
              p_article_id: string
              p_auth: string
              p_categories: string[]
              p_endpoint: string
              p_follows_front: boolean
              p_p256dh: string
              p_tags: string[]
            }
            Returns: undefined
          }
      push_unsubscribe: {
        Args: { p_auth: string; p_endpoint: string }
        Returns: boolean
      }
      record_article_view: {
        Args: {
          p_app?: string
          p_article_id: string
          p_channel?: string
          p_kind?: string
        }
        Returns: undefined
      }
      record_page_view: {
        Args: { p_channel?: string; p_kind?: string; p_path: string }
        Returns: undefined
      }
      record_reading: {
        Args: {
          p_article_id: string
          p_channel: string
          p_completed?: boolean
          p_engaged_seconds: number
          p_kilobytes?: number
          p_kind: string
          p_reader_class?: string
        }
        Returns: undefined
      }
      record_served_view: {
        Args: {
          p_address: string
          p_agent: string
          p_article_id: string
          p_channel: string
          p_kind: string
        }
        Returns: undefined
      }
      record_share_press: {
        Args: { p_network: string; p_slug: string }
        Returns: undefined
      }
      report_rumour: {
        Args: {
          p_body: string
          p_link?: string
          p_screenshot?: string
          p_screenshot_type?: string
          p_website?: string
        }
        Returns: undefined
      }
      republish_article: { Args: { p_article_id: string }; Returns: string }
      search_article_titles: {
        Args: { p_pattern: string }
        Returns: {
          author_id: string | null
          category_id: string | null
          checked_by: string | null
          content: string
          created_at: string
          editor_mode: string
          excerpt: string | null
          fact_check: Json | null
          format: string
          id: string
          image_url: string | null
          key_points: string[]
          published_at: string | null
          sent_back_at: string | null
          slug: string
          status: string
          status_note: string | null
          title: string
          updated_at: string
          version: number
          words: number | null
        }[]
        SetofOptions: {
          from: "*"
          to: "articles"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      search_articles: {
        Args: { max_results?: number; q: string }
        Returns: Json
      }
      send_contact_message: {
        Args: {
          p_email: string
          p_message: string
          p_name: string
          p_website?: string
        }
        Returns: undefined
      }
      set_front_page: { Args: { p_article_ids: string[] }; Returns: undefined }
      set_newsletter_country: {
        Args: { p_country: string; p_token: string }
        Returns: undefined
      }
      sitemap_outline: { Args: { p_per_file: number }; Returns: Json }
      sitemap_pages: { Args: { p_page_size: number }; Returns: Json }
      sitemap_weeks: {
        Args: Record<PropertyKey, never>
        Returns: {
          lastmod: string
          week: string
        }[]
      }
      subscribe_newsletter:
        | { Args: { p_email: string }; Returns: undefined }
        | {
            Args: { p_article_id: string; p_email: string }
            Returns: undefined
          }
        | {
            Args: { p_article_id?: string; p_country: string; p_email: string }
            Returns: undefined
          }
      telegram_claim_post: {
        Args: Record<PropertyKey, never>
        Returns: {
          articles: string[]
          day: string
          id: number
          kind: string
          message_id: number
        }[]
      }
      telegram_finish_post: {
        Args: {
          p_error: string
          p_id: number
          p_message_id: number
          p_outcome: string
          p_retry_after?: number
        }
        Returns: undefined
      }
      title_key: {
        Args: { a: Database["public"]["Tables"]["articles"]["Row"] }
        Returns: string
      }
      unsubscribe_newsletter: { Args: { p_token: string }; Returns: undefined }
      view_count: {
        Args: { a: Database["public"]["Tables"]["articles"]["Row"] }
        Returns: number
      }
      views_fold: { Args: Record<PropertyKey, never>; Returns: undefined }
      word_count: {
        Args: { a: Database["public"]["Tables"]["articles"]["Row"] }
        Returns: number
      }
      wordpress_redirect: { Args: { p_path: string }; Returns: string }
    }
    Enums: {
      app_role: "admin" | "journalist" | "client"
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {
      app_role: ["admin", "journalist", "client"],
    },
  },
} as const

