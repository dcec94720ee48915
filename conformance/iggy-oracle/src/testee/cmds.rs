//! Testee handlers of the user, personal-access-token, partition, segment, consumer-group,
//! consumer-offset and client commands (helper IGGY-CMDS). The GetMe, GetClient and GetClients
//! requests live in `requests/system` and are registered by the core area.

#[path = "../iggy_cmds/json.rs"]
mod j;

use super::Entry;
use iggy_binary_protocol::requests::consumer_groups::*;
use iggy_binary_protocol::requests::consumer_offsets::*;
use iggy_binary_protocol::requests::partitions::*;
use iggy_binary_protocol::requests::personal_access_tokens::*;
use iggy_binary_protocol::requests::segments::*;
use iggy_binary_protocol::requests::users::*;
use iggy_binary_protocol::responses::EmptyResponse;
use iggy_binary_protocol::responses::clients::*;
use iggy_binary_protocol::responses::consumer_groups::*;
use iggy_binary_protocol::responses::consumer_offsets::*;
use iggy_binary_protocol::responses::personal_access_tokens::*;
use iggy_binary_protocol::responses::users::*;

pub fn entries() -> Vec<Entry> {
    let mut v = vec![
        // users
        entry!("ChangePassword", "request", ChangePasswordRequest, j::change_password),
        entry!("CreateUser", "request", CreateUserRequest, j::create_user),
        entry!("DeleteUser", "request", DeleteUserRequest, j::delete_user),
        entry!("GetUser", "request", GetUserRequest, j::get_user),
        entry!("GetUser", "response", UserDetailsResponse, j::user_details),
        entry!("GetUsers", "request", GetUsersRequest, j::empty),
        entry!("GetUsers", "response", GetUsersResponse, j::get_users),
        entry!("LoginRegister", "request", LoginRegisterRequest, j::login_register),
        entry!("LoginRegister", "response", LoginRegisterResponse, j::login_register_response),
        entry!("LoginRegisterWithPat", "request", LoginRegisterWithPatRequest, j::login_register_with_pat),
        entry!("LoginRegisterWithPat", "response", LoginRegisterResponse, j::login_register_response),
        entry!("LoginUser", "request", LoginUserRequest, j::login_user),
        entry!("LoginUser", "response", IdentityResponse, j::identity),
        entry!("LogoutUser", "request", LogoutUserRequest, j::empty),
        entry!("UpdatePermissions", "request", UpdatePermissionsRequest, j::update_permissions),
        entry!("UpdateUserResolved", "request", UpdateUserResolvedRequest, j::update_user_resolved),
        entry!("UserResponse", "data", UserResponse, j::user),
        // personal access tokens
        entry!("CreatePersonalAccessToken", "request", CreatePersonalAccessTokenRequest, j::create_pat),
        entry!("CreatePersonalAccessToken", "response", RawPersonalAccessTokenResponse, j::raw_pat),
        entry!("DeletePersonalAccessToken", "request", DeletePersonalAccessTokenRequest, j::delete_pat),
        entry!("GetPersonalAccessTokens", "request", GetPersonalAccessTokensRequest, j::empty),
        entry!("GetPersonalAccessTokens", "response", GetPersonalAccessTokensResponse, j::get_pats),
        entry!("LoginWithPersonalAccessToken", "request", LoginWithPersonalAccessTokenRequest, j::login_pat),
        entry!("LoginWithPersonalAccessToken", "response", IdentityResponse, j::identity),
        // partitions and segments
        entry!("CreatePartitions", "request", CreatePartitionsRequest, j::create_partitions),
        entry!("DeletePartitions", "request", DeletePartitionsRequest, j::delete_partitions),
        entry!("CreatePartitionsWithAssignments", "request", CreatePartitionsWithAssignmentsRequest, j::create_partitions_with_assignments),
        entry!("InstallConsumerGroupOwner", "request", InstallConsumerGroupOwnerRequest, j::install_owner),
        entry!("RetireConsumerGroupOwners", "request", RetireConsumerGroupOwnersRequest, j::retire_owners),
        entry!("TransitionPartitionHistory", "request", TransitionPartitionHistoryRequest, j::transition_history),
        entry!("DeleteSegments", "request", DeleteSegmentsRequest, j::delete_segments),
        // consumer groups
        entry!("CreateConsumerGroup", "request", CreateConsumerGroupRequest, j::create_group),
        entry!("DeleteConsumerGroup", "request", DeleteConsumerGroupRequest, j::delete_group),
        entry!("GetConsumerGroup", "request", GetConsumerGroupRequest, j::get_group),
        entry!("GetConsumerGroup", "response", ConsumerGroupDetailsResponse, j::group_details),
        entry!("GetConsumerGroups", "request", GetConsumerGroupsRequest, j::get_groups),
        entry!("GetConsumerGroups", "response", GetConsumerGroupsResponse, j::get_groups_response),
        entry!("JoinConsumerGroup", "request", JoinConsumerGroupRequest, j::join_group),
        entry!("LeaveConsumerGroup", "request", LeaveConsumerGroupRequest, j::leave_group),
        entry!("SyncConsumerGroup", "request", SyncConsumerGroupRequest, j::sync_group),
        entry!("SyncConsumerGroup", "response", SyncConsumerGroupResponse, j::sync_group_response),
        // consumer offsets
        entry!("GetConsumerOffset", "request", GetConsumerOffsetRequest, j::get_offset),
        entry!("GetConsumerOffset", "response", ConsumerOffsetResponse, j::offset_response),
        entry!("StoreConsumerOffset", "request", StoreConsumerOffsetRequest, j::store_offset),
        entry!("DeleteConsumerOffset", "request", DeleteConsumerOffsetRequest, j::delete_offset),
        // clients (responses only; the requests are system commands)
        entry!("GetMe", "response", ClientDetailsResponse, j::client_details),
        entry!("GetClient", "response", ClientDetailsResponse, j::client_details),
        entry!("GetClients", "response", GetClientsResponse, j::get_clients),
    ];
    // Commands whose response payload is empty.
    for ty in [
        "ChangePassword", "CreateUser", "DeleteUser", "LogoutUser", "UpdatePermissions",
        "DeletePersonalAccessToken", "CreatePartitions", "DeletePartitions", "DeleteSegments",
        "CreateConsumerGroup", "DeleteConsumerGroup", "JoinConsumerGroup", "LeaveConsumerGroup",
        "StoreConsumerOffset", "DeleteConsumerOffset",
    ] {
        v.push(Entry { ty, direction: "response", run: |b| super::codec::<EmptyResponse>(b, j::empty) });
    }
    v
}
